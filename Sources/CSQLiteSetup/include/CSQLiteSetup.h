#ifndef ACCOUNTLINK_CSQLITESETUP_H
#define ACCOUNTLINK_CSQLITESETUP_H
/* SQLite's process-wide settings (sqlite3_config), which SQLite takes only before its first connection
   and which Swift cannot pass itself (sqlite3_config is variadic). StoreSQLite calls this once, before
   it opens a database (SQLiteConnection.configured). */

/* Both settings of setup.c; returns SQLITE_OK, or the first other result (SQLITE_MISUSE: SQLite was
   already in use, and then neither setting changed). */
int accountlink_sqlite_setup(void);

/* 1 when SQLite's mutexes are the adaptive ones of setup.c (for tests). */
int accountlink_sqlite_adaptive_mutexes(void);

/* Initialises SQLite with its own settings (sqlite3_initialize), so that accountlink_sqlite_setup can no
   longer apply: `accountlink-bench sqlite-reads ... plain`, to compare. */
int accountlink_sqlite_initialize_unconfigured(void);

#endif
