// libcurl (Debian libcurl4-openssl-dev) for SMTP. curl_easy_setopt and curl_easy_getinfo are
// variadic, which Swift cannot call: these typed inline wrappers are the whole C shim.
#include <curl/curl.h>

typedef size_t (*al_curl_read_callback)(char *buffer, size_t size, size_t count, void *userdata);

static inline CURLcode al_curl_setopt_long(CURL *curl, CURLoption option, long value) {
    return curl_easy_setopt(curl, option, value);
}

static inline CURLcode al_curl_setopt_string(CURL *curl, CURLoption option, const char *value) {
    return curl_easy_setopt(curl, option, value);
}

static inline CURLcode al_curl_setopt_pointer(CURL *curl, CURLoption option, void *value) {
    return curl_easy_setopt(curl, option, value);
}

static inline CURLcode al_curl_setopt_slist(CURL *curl, CURLoption option, struct curl_slist *value) {
    return curl_easy_setopt(curl, option, value);
}

static inline CURLcode al_curl_setopt_read(CURL *curl, al_curl_read_callback callback) {
    return curl_easy_setopt(curl, CURLOPT_READFUNCTION, callback);
}

static inline CURLcode al_curl_response_code(CURL *curl, long *code) {
    return curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, code);
}
