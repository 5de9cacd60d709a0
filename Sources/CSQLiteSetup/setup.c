/* Two process-wide SQLite settings, measured in docs/performance-history.md, Ninth round): readers on two
   threads, each with its own connection, spent most of their time waiting for one another in SQLite's
   mutexes, not reading. */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdlib.h>
#include <sqlite3.h>
#include "CSQLiteSetup.h"

/* Mutexes for SQLite (SQLITE_CONFIG_MUTEX, https://www.sqlite.org/c3ref/mutex_methods.html) made of
   glibc's adaptive pthread mutexes, which spin briefly before they sleep. SQLite's own (mutex_unix.c)
   are plain pthread mutexes that sleep at once. Each read transaction in WAL mode takes the wal-index's
   mutex around an fcntl lock call of about a microsecond; a reader that found it taken slept in the
   kernel and was woken again, which cost it more than the whole read. Same kinds as SQLite's own:
   SQLITE_MUTEX_RECURSIVE recursive, SQLITE_MUTEX_FAST and the static ones not. Written by hand:
   SQLite has no setting for the kind of mutex, and glibc none to make its default mutex spin. */
struct sqlite3_mutex {
    pthread_mutex_t mutex;
    int id;
};

enum { first_static = SQLITE_MUTEX_STATIC_MAIN, static_count = SQLITE_MUTEX_STATIC_VFS3 - SQLITE_MUTEX_STATIC_MAIN + 1 };
static struct sqlite3_mutex static_mutexes[static_count];

static int make(struct sqlite3_mutex *m, int id) {
    pthread_mutexattr_t attributes;
    if (pthread_mutexattr_init(&attributes) != 0) return SQLITE_NOMEM;
    int kind = id == SQLITE_MUTEX_RECURSIVE ? PTHREAD_MUTEX_RECURSIVE : PTHREAD_MUTEX_ADAPTIVE_NP;
    int rc = pthread_mutexattr_settype(&attributes, kind) == 0 && pthread_mutex_init(&m->mutex, &attributes) == 0
        ? SQLITE_OK : SQLITE_NOMEM;
    pthread_mutexattr_destroy(&attributes);
    m->id = id;
    return rc;
}

static int mutexes_init(void) {
    for (int i = 0; i < static_count; i++) {
        if (make(&static_mutexes[i], first_static + i) != SQLITE_OK) return SQLITE_NOMEM;
    }
    return SQLITE_OK;
}

static int mutexes_end(void) {
    for (int i = 0; i < static_count; i++) pthread_mutex_destroy(&static_mutexes[i].mutex);
    return SQLITE_OK;
}

static sqlite3_mutex *mutex_alloc(int id) {
    if (id == SQLITE_MUTEX_FAST || id == SQLITE_MUTEX_RECURSIVE) {
        struct sqlite3_mutex *m = malloc(sizeof *m);
        if (m == NULL) return NULL;
        if (make(m, id) != SQLITE_OK) { free(m); return NULL; }
        return m;
    }
    if (id < first_static || id >= first_static + static_count) return NULL;
    return &static_mutexes[id - first_static];
}

static void mutex_free(sqlite3_mutex *m) {
    if (m->id != SQLITE_MUTEX_FAST && m->id != SQLITE_MUTEX_RECURSIVE) return;  /* static: kept */
    pthread_mutex_destroy(&m->mutex);
    free(m);
}

static void mutex_enter(sqlite3_mutex *m) { pthread_mutex_lock(&m->mutex); }
static int mutex_try(sqlite3_mutex *m) { return pthread_mutex_trylock(&m->mutex) == 0 ? SQLITE_OK : SQLITE_BUSY; }
static void mutex_leave(sqlite3_mutex *m) { pthread_mutex_unlock(&m->mutex); }

static const sqlite3_mutex_methods adaptive_methods = {
    mutexes_init, mutexes_end, mutex_alloc, mutex_free, mutex_enter, mutex_try, mutex_leave, NULL, NULL,
};

int accountlink_sqlite_setup(void) {
    /* SQLITE_CONFIG_MEMSTATUS off (https://www.sqlite.org/c3ref/c_config_covering_index_scan.html):
       SQLite then keeps no allocation statistics, so its every malloc and free stops taking one mutex
       shared by all connections. Nothing here reads them (sqlite3_memory_used, soft heap limits). */
    int rc = sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
    if (rc != SQLITE_OK) return rc;
    return sqlite3_config(SQLITE_CONFIG_MUTEX, &adaptive_methods);
}

int accountlink_sqlite_adaptive_mutexes(void) {
    /* SQLite hands out its static mutexes through the installed methods: ours are in static_mutexes. */
    return sqlite3_mutex_alloc(SQLITE_MUTEX_STATIC_VFS1) == &static_mutexes[SQLITE_MUTEX_STATIC_VFS1 - first_static];
}

int accountlink_sqlite_initialize_unconfigured(void) { return sqlite3_initialize(); }
