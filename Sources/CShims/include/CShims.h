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
    int use_ipv6;                     /* the connections are IPv6 (they come by MHD_add_connection: no listen socket) */
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

/* MHD_start_daemon with MHD_OPTION_ARRAY; flags: epoll internal thread(s), suspend/resume, no listen socket
   (the caller accepts and hands connections over with accountlink_mhd_add_connection). NULL on failure. */
struct MHD_Daemon *accountlink_mhd_start(const accountlink_mhd_options *options);
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
/* accept4(2) with SOCK_NONBLOCK | SOCK_CLOEXEC (Glibc's module does not show accept4 to Swift);
   address: a sockaddr_storage, length: its size in, the address's out. */
int accountlink_accept(int listen_fd, void *address, unsigned int *length);
/* eventfd(2) with EFD_CLOEXEC (not shown to Swift either). */
int accountlink_eventfd(void);
/* MHD_add_connection: 0 when the daemon took the connection; it closes one it refuses. */
int accountlink_mhd_add_connection(struct MHD_Daemon *daemon, int fd, const void *address, unsigned int length);
#endif
