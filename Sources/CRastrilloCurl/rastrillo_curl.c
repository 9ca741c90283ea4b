#include "rastrillo_curl.h"

#if defined(__linux__)

#include <dlfcn.h>
#include <pthread.h>

// Function types of the libcurl entry points used (curl/curl.h's prototypes).
typedef int (*global_init_fn)(long flags);
typedef void *(*easy_init_fn)(void);
typedef void (*easy_cleanup_fn)(void *easy);
typedef int (*easy_setopt_fn)(void *easy, int option, ...);
typedef const char *(*easy_strerror_fn)(int code);
typedef void *(*slist_append_fn)(void *list, const char *text);
typedef void (*slist_free_all_fn)(void *list);
typedef void *(*multi_init_fn)(void);
typedef int (*multi_handle_fn)(void *multi, void *easy);
typedef int (*multi_perform_fn)(void *multi, int *running);
typedef int (*multi_poll_fn)(void *multi, void *extra_fds, unsigned int extra_nfds, int timeout_ms, int *numfds);
typedef int (*multi_wakeup_fn)(void *multi);
typedef int (*multi_cleanup_fn)(void *multi);

// CURLMsg: { CURLMSG msg; CURL *easy_handle; union { void *whatever; CURLcode result; } data; }
struct curl_message {
    int msg;
    void *easy;
    union {
        void *whatever;
        int result;
    } data;
};
typedef struct curl_message *(*multi_info_read_fn)(void *multi, int *left);

static struct {
    global_init_fn global_init;
    easy_init_fn easy_init;
    easy_cleanup_fn easy_cleanup;
    easy_setopt_fn easy_setopt;
    easy_strerror_fn easy_strerror;
    slist_append_fn slist_append;
    slist_free_all_fn slist_free_all;
    multi_init_fn multi_init;
    multi_handle_fn multi_add_handle;
    multi_handle_fn multi_remove_handle;
    multi_perform_fn multi_perform;
    multi_poll_fn multi_poll;
    multi_wakeup_fn multi_wakeup;
    multi_cleanup_fn multi_cleanup;
    multi_info_read_fn multi_info_read;
} curl;

static const char *load_error = "libcurl was not loaded";
static pthread_once_t load_once = PTHREAD_ONCE_INIT;

#define CURL_GLOBAL_DEFAULT_FLAGS 3L  // CURL_GLOBAL_SSL | CURL_GLOBAL_WIN32
#define CURLMSG_DONE 1

static void load(void) {
    void *library = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        load_error = "libcurl.so.4 could not be loaded (it comes with FoundationNetworking: install libcurl4)";
        return;
    }
#define LOAD(field, name)                                                                            \
    curl.field = dlsym(library, name);                                                               \
    if (curl.field == NULL) {                                                                        \
        load_error = "libcurl.so.4 lacks " name " (libcurl 7.68 or newer is needed)";               \
        return;                                                                                      \
    }
    LOAD(global_init, "curl_global_init")
    LOAD(easy_init, "curl_easy_init")
    LOAD(easy_cleanup, "curl_easy_cleanup")
    LOAD(easy_setopt, "curl_easy_setopt")
    LOAD(easy_strerror, "curl_easy_strerror")
    LOAD(slist_append, "curl_slist_append")
    LOAD(slist_free_all, "curl_slist_free_all")
    LOAD(multi_init, "curl_multi_init")
    LOAD(multi_add_handle, "curl_multi_add_handle")
    LOAD(multi_remove_handle, "curl_multi_remove_handle")
    LOAD(multi_perform, "curl_multi_perform")
    LOAD(multi_poll, "curl_multi_poll")
    LOAD(multi_wakeup, "curl_multi_wakeup")
    LOAD(multi_cleanup, "curl_multi_cleanup")
    LOAD(multi_info_read, "curl_multi_info_read")
#undef LOAD
    if (curl.global_init(CURL_GLOBAL_DEFAULT_FLAGS) != 0) {
        load_error = "curl_global_init failed";
        return;
    }
    load_error = NULL;
}

const char *rastrillo_curl_load(void) {
    pthread_once(&load_once, load);
    return load_error;
}

void *rastrillo_curl_easy_init(void) { return curl.easy_init(); }
void rastrillo_curl_easy_cleanup(void *easy) { curl.easy_cleanup(easy); }
int rastrillo_curl_setopt_long(void *easy, int option, long value) { return curl.easy_setopt(easy, option, value); }
int rastrillo_curl_setopt_pointer(void *easy, int option, const void *value) {
    return curl.easy_setopt(easy, option, value);
}
int rastrillo_curl_setopt_callback(void *easy, int option, rastrillo_curl_data_callback callback) {
    return curl.easy_setopt(easy, option, callback);
}
const char *rastrillo_curl_easy_strerror(int code) { return curl.easy_strerror(code); }
void *rastrillo_curl_slist_append(void *list, const char *text) { return curl.slist_append(list, text); }
void rastrillo_curl_slist_free_all(void *list) { curl.slist_free_all(list); }
void *rastrillo_curl_multi_init(void) { return curl.multi_init(); }
int rastrillo_curl_multi_add_handle(void *multi, void *easy) { return curl.multi_add_handle(multi, easy); }
int rastrillo_curl_multi_remove_handle(void *multi, void *easy) { return curl.multi_remove_handle(multi, easy); }
int rastrillo_curl_multi_perform(void *multi, int *running) { return curl.multi_perform(multi, running); }
int rastrillo_curl_multi_poll(void *multi, int timeout_ms) {
    return curl.multi_poll(multi, NULL, 0, timeout_ms, NULL);
}
int rastrillo_curl_multi_wakeup(void *multi) { return curl.multi_wakeup(multi); }
void rastrillo_curl_multi_cleanup(void *multi) { curl.multi_cleanup(multi); }

int rastrillo_curl_multi_done_result(void *multi, int *result) {
    int left = 0;
    struct curl_message *message;
    while ((message = curl.multi_info_read(multi, &left)) != NULL) {
        if (message->msg == CURLMSG_DONE) {
            *result = message->data.result;
            return 1;
        }
    }
    return 0;
}

#else

const char *rastrillo_curl_load(void) { return "libcurl is only loaded on Linux"; }

#endif
