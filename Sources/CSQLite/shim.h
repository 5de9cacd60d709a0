#include <sqlite3.h>
#include <stdint.h>
#include <unistd.h>

/* SQLite's own busy timeout (sqlite3_busy_timeout) sleeps 1, 2, 5, 10 ... ms between retries. In WAL
 * mode a reader that catches the wal-index header while the writer updates it gets SQLITE_BUSY for a
 * few microseconds only; a millisecond's sleep then stalls a whole request thread (docs/performance.md).
 * This handler waits 10 us, doubling to 1 ms, until `timeout_ms` in all: the same limit, shorter steps.
 * Written by hand: SQLite has no setting for the step. */
static inline int accountlink_sqlite_busy(void *timeout_ms, int count) {
    long limit = (long)(intptr_t)timeout_ms * 1000L;
    long waited = 0;
    for (int i = 0; i < count && waited < limit; i++) waited += i < 7 ? (10L << i) : 1000L;
    if (waited >= limit) return 0;
    usleep((useconds_t)(count < 7 ? (10L << count) : 1000L));
    return 1;
}

static inline int accountlink_sqlite_busy_timeout(sqlite3 *db, int timeout_ms) {
    if (timeout_ms <= 0) return sqlite3_busy_handler(db, 0, 0);
    return sqlite3_busy_handler(db, accountlink_sqlite_busy, (void *)(intptr_t)timeout_ms);
}
