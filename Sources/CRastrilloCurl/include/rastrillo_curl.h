// libcurl, loaded at run time, for the https version check on Linux.
//
// FoundationNetworking links libcurl.so.4, so wherever URLSession works on Linux this library
// is present; loading it with dlopen needs no curl headers or -dev package at build time, so
// `swift build` still needs nothing beyond Swift. The declarations below carry libcurl's
// documented, stable ABI (option numbers, CURLMsg's layout); nothing of curl's source is here.
// Apple platforms never build this (the version check uses URLSession there).
#ifndef RASTRILLO_CURL_H
#define RASTRILLO_CURL_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Loads libcurl.so.4 and runs curl_global_init once per process. Returns NULL when it is
/// usable, or a message saying why not (a static string).
const char *rastrillo_curl_load(void);

/// curl_easy_init / curl_easy_cleanup.
void *rastrillo_curl_easy_init(void);
void rastrillo_curl_easy_cleanup(void *easy);

/// curl_easy_setopt for a `long` option, a pointer option (strings, lists, callback context)
/// and a callback option. Each returns the CURLcode.
int rastrillo_curl_setopt_long(void *easy, int option, long value);
int rastrillo_curl_setopt_pointer(void *easy, int option, const void *value);

/// A write or header callback: curl's `size_t (*)(char *, size_t, size_t, void *)`.
typedef size_t (*rastrillo_curl_data_callback)(char *bytes, size_t size, size_t count, void *context);
int rastrillo_curl_setopt_callback(void *easy, int option, rastrillo_curl_data_callback callback);

/// curl_easy_strerror.
const char *rastrillo_curl_easy_strerror(int code);

/// curl_slist_append / curl_slist_free_all.
void *rastrillo_curl_slist_append(void *list, const char *text);
void rastrillo_curl_slist_free_all(void *list);

/// The multi interface: one transfer driven by its own thread with exact deadlines.
void *rastrillo_curl_multi_init(void);
int rastrillo_curl_multi_add_handle(void *multi, void *easy);
int rastrillo_curl_multi_remove_handle(void *multi, void *easy);
int rastrillo_curl_multi_perform(void *multi, int *running);
/// curl_multi_poll with no extra descriptors.
int rastrillo_curl_multi_poll(void *multi, int timeout_ms);
/// curl_multi_wakeup: makes a curl_multi_poll on another thread return now.
int rastrillo_curl_multi_wakeup(void *multi);
void rastrillo_curl_multi_cleanup(void *multi);
/// curl_multi_info_read, reduced to what the transfer needs: returns 1 and the transfer's
/// CURLcode in `result` when a "done" message was read, 0 when none is left.
int rastrillo_curl_multi_done_result(void *multi, int *result);

// Option and code numbers from libcurl's documented ABI (curl/curl.h).
enum {
    RASTRILLO_CURLOPT_URL = 10002,
    RASTRILLO_CURLOPT_WRITEDATA = 10001,
    RASTRILLO_CURLOPT_WRITEFUNCTION = 20011,
    RASTRILLO_CURLOPT_HEADERDATA = 10029,
    RASTRILLO_CURLOPT_HEADERFUNCTION = 20079,
    RASTRILLO_CURLOPT_HTTPHEADER = 10023,
    RASTRILLO_CURLOPT_USERAGENT = 10018,
    RASTRILLO_CURLOPT_NOSIGNAL = 99,
    RASTRILLO_CURLOPT_FOLLOWLOCATION = 52,
    RASTRILLO_CURLOPT_SSL_VERIFYPEER = 64,
    RASTRILLO_CURLOPT_SSL_VERIFYHOST = 81,
    RASTRILLO_CURLOPT_CAINFO = 10065,
    RASTRILLO_CURLOPT_HTTP_CONTENT_DECODING = 158,
    RASTRILLO_CURLOPT_SUPPRESS_CONNECT_HEADERS = 265,
    RASTRILLO_CURLOPT_PROXY = 10004,
    RASTRILLO_CURLOPT_HTTP_VERSION = 84,
    RASTRILLO_CURL_HTTP_VERSION_1_1 = 2,
    RASTRILLO_CURLE_OK = 0,
};

#ifdef __cplusplus
}
#endif

#endif
