#ifndef ACCOUNTLINK_CSHIMS_H
#define ACCOUNTLINK_CSHIMS_H
/* Tiny C wrappers for libmicrohttpd's variadic calls, which Swift cannot import (docs/architecture.md platform note 1).
   Only opaque handles and plain C types cross this header, so that the Swift types of
   CMicroHTTPD (which owns <microhttpd.h>) are never declared twice. Callbacks are passed as
   `void *` and must have exactly the libmicrohttpd signatures named next to them. */
#include <stddef.h>
#include <stdint.h>

struct MHD_Daemon;
struct MHD_Connection;

typedef struct accountlink_mhd_options {
    int listen_fd;                    /* already bound and listening; the daemon closes it on stop */
    int use_ipv6;                     /* the listen socket is AF_INET6 */
    unsigned int thread_pool_size;    /* 0 or 1: one internal epoll thread */
    unsigned int connection_limit;
    unsigned int per_ip_connection_limit; /* 0: none */
    unsigned int connection_timeout;  /* seconds of inactivity */
    size_t memory_limit;              /* per-connection pool: bounds the request header size */
    void *access_handler;             /* MHD_AccessHandlerCallback */
    void *access_cls;
    void *completed;                  /* MHD_RequestCompletedCallback */
    void *completed_cls;
    void *uri_log;                    /* void *(*)(void *cls, const char *uri, struct MHD_Connection *) */
    void *uri_log_cls;
    void *notify_connection;          /* MHD_NotifyConnectionCallback */
    void *notify_connection_cls;
} accountlink_mhd_options;

/* MHD_start_daemon with MHD_OPTION_ARRAY; flags: epoll internal thread(s), suspend/resume. NULL on failure. */
struct MHD_Daemon *accountlink_mhd_start(const accountlink_mhd_options *options);
/* MHD_get_daemon_info(MHD_DAEMON_INFO_BIND_PORT); -1 when unknown. */
int accountlink_mhd_bound_port(struct MHD_Daemon *daemon);
/* MHD_get_connection_info(MHD_CONNECTION_INFO_CONNECTION_FD); -1 when unknown. */
int accountlink_mhd_connection_fd(struct MHD_Connection *connection);
/* The client address (MHD_CONNECTION_INFO_CLIENT_ADDRESS) as text into buffer; 0 on success. */
int accountlink_mhd_client_address(struct MHD_Connection *connection, char *buffer, size_t length);
/* MHD_get_connection_info(MHD_CONNECTION_INFO_SOCKET_CONTEXT); NULL when unset. */
void *accountlink_mhd_socket_context(struct MHD_Connection *connection);
/* In libmicrohttpd's URI-log callback: 1 when the request target held a byte that C strings cut
   (NUL), i.e. the bytes after the string's end are not the separator before "HTTP/". libmicrohttpd
   0.9.75 parses the request line by its length and ends the target by writing NUL over the space
   before the version, so that version follows the target's terminator directly in its buffer. */
int accountlink_uri_was_cut(const char *uri);
/* Signals as bytes on a pipe (the self-pipe trick): a sigaction handler writes the signal number
   to write_fd, which a normal thread reads. Works whatever the threads' signal masks are, unlike
   Dispatch signal sources on Linux (signalfd sees a signal only if every thread blocks it).
   One pipe per process: every call replaces the descriptor. Returns sigaction's result. */
int accountlink_relay_signal(int signal_number, int write_fd);
#endif
