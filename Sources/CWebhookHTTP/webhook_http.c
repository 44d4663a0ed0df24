// One HTTP POST through libcurl's easy interface, for `reaction-report post`. Everything that
// bounds the exchange is libcurl's own: CURLOPT_TIMEOUT_MS ends the transfer at the deadline
// whatever the server sends, and a callback that takes fewer bytes than it is handed makes
// libcurl abort the transfer at once (CURLE_WRITE_ERROR) and close the connection, so nothing is
// read past what the poster uses.
#include "CWebhookHTTP.h"

#include <curl/curl.h>
#include <errno.h>
#include <pthread.h>
#include <string.h>
#include <strings.h>

/// libcurl's global state (OpenSSL's among it), set up once for the process.
static pthread_once_t global_once = PTHREAD_ONCE_INIT;
static CURLcode global_code = CURLE_FAILED_INIT;

static void global_init(void) { global_code = curl_global_init(CURL_GLOBAL_DEFAULT); }

/// What the callbacks gather while the transfer runs.
struct transfer {
    int status;    // the status line's code of the head being read (a 1xx head is followed by another)
    int head_done; // 1 once the head of the final answer ended
    uint8_t *body;
    size_t most_body;
    size_t body_length;
    int body_cut;
    uint8_t *retry_after;
    size_t retry_after_size;
    int retry_after_length;
};

/// `line` without the white space at both ends (the line break included).
static void trim(const char **line, size_t *length) {
    while (*length > 0 && (**line == ' ' || **line == '\t')) {
        (*line)++;
        (*length)--;
    }
    while (*length > 0 && strchr(" \t\r\n", (*line)[*length - 1]) != NULL) (*length)--;
}

/// The code of a status line ("HTTP/1.1 302 Found", "HTTP/2 200"); 0 when there is none.
static int status_code(const char *line, size_t length) {
    const char *space = memchr(line, ' ', length);
    if (space == NULL || (size_t)(space - line) + 4 > length) return 0;
    int code = 0;
    for (int i = 1; i <= 3; i++) {
        if (space[i] < '0' || space[i] > '9') return 0;
        code = code * 10 + (space[i] - '0');
    }
    return code;
}

/// Called by libcurl with each line of the head: the status line, each header, the empty line
/// that ends it. Returning less than `length` aborts the transfer.
static size_t on_header_line(char *line, size_t size, size_t count, void *context) {
    struct transfer *transfer = context;
    size_t length = size * count;
    if (transfer->head_done) return length; // trailers after a chunked body: not read
    if (length >= 5 && memcmp(line, "HTTP/", 5) == 0) {
        transfer->status = status_code(line, length);
        transfer->retry_after_length = -1;
        return length;
    }
    const char *text = line;
    size_t text_length = length;
    trim(&text, &text_length);
    if (text_length == 0) { // the end of a head
        if (transfer->status < 200) return length; // 100 Continue: the answer follows
        transfer->head_done = 1;
        // A 2xx answer's body is never shown: nothing more is read.
        return transfer->status < 300 ? 0 : length;
    }
    static const char name[] = "retry-after:";
    if (transfer->retry_after_length < 0 && text_length >= sizeof name - 1 && strncasecmp(text, name, sizeof name - 1) == 0) {
        const char *value = text + sizeof name - 1;
        size_t value_length = text_length - (sizeof name - 1);
        trim(&value, &value_length);
        if (value_length <= transfer->retry_after_size) {
            memcpy(transfer->retry_after, value, value_length);
            transfer->retry_after_length = (int)value_length;
        }
    }
    return length;
}

/// Called by libcurl with each piece of the body: kept up to the bound; past it, the transfer
/// is aborted by taking fewer bytes than given.
static size_t on_body(char *data, size_t size, size_t count, void *context) {
    struct transfer *transfer = context;
    size_t length = size * count;
    size_t room = transfer->most_body - transfer->body_length;
    size_t kept = length < room ? length : room;
    if (kept > 0) memcpy(transfer->body + transfer->body_length, data, kept);
    transfer->body_length += kept;
    if (kept < length) transfer->body_cut = 1;
    return kept;
}

/// How a transfer that ended without an answer's head ended.
static rr_post_ending failure(CURLcode code, long os_error) {
    switch (code) {
    case CURLE_OPERATION_TIMEDOUT: return rr_post_timed_out;
    case CURLE_COULDNT_CONNECT: return os_error == ECONNREFUSED ? rr_post_refused : rr_post_other;
    case CURLE_COULDNT_RESOLVE_HOST: return rr_post_host_not_found;
    case CURLE_GOT_NOTHING: return rr_post_closed_unanswered;
    case CURLE_SEND_ERROR:
    case CURLE_RECV_ERROR: return rr_post_connection_lost;
    case CURLE_SSL_CONNECT_ERROR: return rr_post_tls_failed;
    case CURLE_PEER_FAILED_VERIFICATION:
    case CURLE_SSL_ISSUER_ERROR:
    case CURLE_SSL_PINNEDPUBKEYNOTMATCH:
    case CURLE_SSL_INVALIDCERTSTATUS: return rr_post_certificate_refused;
    default: return rr_post_other;
    }
}

/// The header lines of `text` ("\n" between them) as libcurl's list; NULL when there are none
/// or memory ran out (`*failed` then says so).
static struct curl_slist *header_list(const char *text, int *failed) {
    struct curl_slist *list = NULL;
    char line[1024];
    while (*text != '\0') {
        size_t length = strcspn(text, "\n");
        if (length > 0 && length < sizeof line) {
            memcpy(line, text, length);
            line[length] = '\0';
            struct curl_slist *longer = curl_slist_append(list, line);
            if (longer == NULL) {
                *failed = 1;
                return list;
            }
            list = longer;
        }
        text += length + (text[length] == '\n');
    }
    return list;
}

/// Sets the options of one attempt on `curl`: the request, the bounds, the callbacks.
static CURLcode set_options(CURL *curl, const char *url, struct curl_slist *headers, const uint8_t *body, size_t body_length,
                            long timeout_ms, struct transfer *transfer, char *error_text) {
    CURLcode code = CURLE_OK;
    // Each option is set while every one before it was; the first failure is returned.
#define SET(option, value) \
    if (code == CURLE_OK) code = curl_easy_setopt(curl, option, value)
    SET(CURLOPT_ERRORBUFFER, error_text);
    SET(CURLOPT_URL, url);
#if LIBCURL_VERSION_NUM >= 0x075500 // 7.85: the list by name; the bit mask is deprecated
    SET(CURLOPT_PROTOCOLS_STR, "http,https");
#else
    SET(CURLOPT_PROTOCOLS, (long)(CURLPROTO_HTTP | CURLPROTO_HTTPS));
#endif
    SET(CURLOPT_FOLLOWLOCATION, 0L); // a webhook does not move; a 3xx is the answer
    SET(CURLOPT_NOSIGNAL, 1L);       // no signals (the process is threaded); sends use MSG_NOSIGNAL
    SET(CURLOPT_NOPROGRESS, 1L);
    SET(CURLOPT_TIMEOUT_MS, timeout_ms);
    SET(CURLOPT_CONNECTTIMEOUT_MS, timeout_ms);
    // No CURLOPT_PROXY: libcurl takes the proxy from the environment (https_proxy, no_proxy…),
    // as FoundationNetworking's URLSession let it, for hosts whose only way out is a proxy. A
    // proxy's own answer to CONNECT is not the webhook's: keep it out of the header callback.
    SET(CURLOPT_SUPPRESS_CONNECT_HEADERS, 1L);
    SET(CURLOPT_POST, 1L);
    // Never NULL: libcurl would then read the body from its read callback, stdin by default.
    SET(CURLOPT_POSTFIELDS, body != NULL ? (const char *)body : "");
    SET(CURLOPT_POSTFIELDSIZE_LARGE, (curl_off_t)body_length);
    SET(CURLOPT_HTTPHEADER, headers);
    SET(CURLOPT_HEADERFUNCTION, on_header_line);
    SET(CURLOPT_HEADERDATA, transfer);
    SET(CURLOPT_WRITEFUNCTION, on_body);
    SET(CURLOPT_WRITEDATA, transfer);
#undef SET
    return code;
}

/// libcurl's message for `code`: the error buffer's, else its text for the code, cut to fit.
static size_t copy_message(CURLcode code, const char *error_text, uint8_t *message, size_t message_size) {
    const char *text = error_text[0] != '\0' ? error_text : curl_easy_strerror(code);
    size_t length = strlen(text);
    if (length > message_size) length = message_size;
    memcpy(message, text, length);
    return length;
}

rr_post_result rr_post(const char *url, const char *header_lines, const uint8_t *body, size_t body_length, long timeout_ms,
                       uint8_t *body_kept, size_t most_body, uint8_t *retry_after, size_t retry_after_size, uint8_t *message,
                       size_t message_size) {
    rr_post_result result = {.ending = rr_post_other, .retry_after_length = -1};
    struct transfer transfer = {
        .body = body_kept, .most_body = most_body, .retry_after = retry_after, .retry_after_size = retry_after_size, .retry_after_length = -1};
    char error_text[CURL_ERROR_SIZE] = "";
    pthread_once(&global_once, global_init);
    CURL *curl = global_code == CURLE_OK ? curl_easy_init() : NULL;
    int failed = curl == NULL;
    struct curl_slist *headers = failed ? NULL : header_list(header_lines, &failed);
    // A timeout of 0 is no timeout at all to libcurl.
    CURLcode code = failed ? CURLE_FAILED_INIT
                           : set_options(curl, url, headers, body, body_length, timeout_ms < 1 ? 1 : timeout_ms, &transfer, error_text);
    if (code == CURLE_OK) code = curl_easy_perform(curl);
    result.curl_code = (int)code;
    if (transfer.head_done) {
        // Ended normally, by a callback (at a 2xx head, past the bound), by the deadline or by a
        // broken connection: an answer, whose body (of a status the body is read for) is cut
        // unless the transfer ended normally.
        result.ending = rr_post_answered;
        result.status = transfer.status;
        result.body_length = transfer.body_length;
        result.body_cut = transfer.status >= 300 && (transfer.body_cut || code != CURLE_OK);
        result.retry_after_length = transfer.retry_after_length;
    } else {
        long os_error = 0;
        if (curl != NULL) curl_easy_getinfo(curl, CURLINFO_OS_ERRNO, &os_error);
        result.ending = code == CURLE_OK ? rr_post_other : failure(code, os_error);
        result.message_length = copy_message(code, code == CURLE_OK ? "not an HTTP answer" : error_text, message, message_size);
    }
    curl_slist_free_all(headers);
    if (curl != NULL) curl_easy_cleanup(curl);
    return result;
}
