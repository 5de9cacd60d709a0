#define _GNU_SOURCE
#include <stdarg.h>
#include <stdint.h>
#include <errno.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <sys/eventfd.h>
#include <netinet/in.h>
#include <arpa/inet.h>
#include <microhttpd.h>
#include "CShims.h"

struct MHD_Daemon *accountlink_mhd_start(const accountlink_mhd_options *o) {
    struct MHD_OptionItem items[12];
    int n = 0;
#define ITEM(opt, val, ptr) do { items[n].option = (opt); items[n].value = (intptr_t)(val); \
                                 items[n].ptr_value = (ptr); n++; } while (0)
    if (o->thread_pool_size > 1) ITEM(MHD_OPTION_THREAD_POOL_SIZE, o->thread_pool_size, NULL);
    if (o->connection_limit > 0) ITEM(MHD_OPTION_CONNECTION_LIMIT, o->connection_limit, NULL);
    if (o->per_ip_connection_limit > 0) ITEM(MHD_OPTION_PER_IP_CONNECTION_LIMIT, o->per_ip_connection_limit, NULL);
    ITEM(MHD_OPTION_CONNECTION_TIMEOUT, o->connection_timeout, NULL);
    if (o->memory_limit > 0) ITEM(MHD_OPTION_CONNECTION_MEMORY_LIMIT, o->memory_limit, NULL);
    ITEM(MHD_OPTION_NOTIFY_COMPLETED, o->completed, o->completed_cls);
    ITEM(MHD_OPTION_URI_LOG_CALLBACK, o->uri_log, o->uri_log_cls);
    ITEM(MHD_OPTION_NOTIFY_CONNECTION, o->notify_connection, o->notify_connection_cls);
    ITEM(MHD_OPTION_END, 0, NULL);
#undef ITEM
    unsigned int flags = MHD_USE_EPOLL_INTERNAL_THREAD | MHD_ALLOW_SUSPEND_RESUME | MHD_USE_NO_LISTEN_SOCKET;
    if (o->use_ipv6) flags |= MHD_USE_IPv6;
    return MHD_start_daemon(flags, 0, NULL, NULL,
                            (MHD_AccessHandlerCallback)o->access_handler, o->access_cls,
                            MHD_OPTION_ARRAY, items, MHD_OPTION_END);
}

int accountlink_mhd_connection_fd(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info =
        MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    return info == NULL ? -1 : (int)info->connect_fd;
}

int accountlink_mhd_client_address(struct MHD_Connection *connection, char *buffer, size_t length) {
    const union MHD_ConnectionInfo *info =
        MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    if (info == NULL || info->client_addr == NULL || length == 0) return -1;
    const struct sockaddr *address = info->client_addr;
    const void *raw = NULL;
    if (address->sa_family == AF_INET) raw = &((const struct sockaddr_in *)address)->sin_addr;
    else if (address->sa_family == AF_INET6) raw = &((const struct sockaddr_in6 *)address)->sin6_addr;
    if (raw == NULL) return -1;
    return inet_ntop(address->sa_family, raw, buffer, (socklen_t)length) == NULL ? -1 : 0;
}

void *accountlink_mhd_socket_context(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info =
        MHD_get_connection_info(connection, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
    return info == NULL ? NULL : info->socket_context;
}

static volatile int accountlink_signal_write_fd = -1;

static void accountlink_on_signal(int signal_number) {
    int saved = errno;  /* only async-signal-safe calls here */
    unsigned char byte = (unsigned char)signal_number;
    if (accountlink_signal_write_fd >= 0) { ssize_t ignored = write(accountlink_signal_write_fd, &byte, 1); (void)ignored; }
    errno = saved;
}

int accountlink_relay_signal(int signal_number, int write_fd) {
    accountlink_signal_write_fd = write_fd;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = accountlink_on_signal;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    return sigaction(signal_number, &action, NULL);
}

int accountlink_uri_was_cut(const char *uri) {
    if (uri == NULL) return 0;
    const char *end = uri + strlen(uri);
    return strncmp(end + 1, "HTTP/", 5) == 0 ? 0 : 1;
}

int accountlink_accept(int listen_fd, void *address, unsigned int *length) {
    socklen_t size = (socklen_t)*length;
    int fd = accept4(listen_fd, (struct sockaddr *)address, &size, SOCK_NONBLOCK | SOCK_CLOEXEC);
    *length = (unsigned int)size;
    return fd;
}

int accountlink_eventfd(void) { return eventfd(0, EFD_CLOEXEC); }

int accountlink_mhd_add_connection(struct MHD_Daemon *daemon, int fd, const void *address, unsigned int length) {
    return MHD_add_connection(daemon, fd, (const struct sockaddr *)address, (socklen_t)length) == MHD_YES ? 0 : -1;
}
