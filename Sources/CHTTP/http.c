// One HTTP exchange through libcurl's easy interface, for `reaction-report post` and `fetch`.
// Everything that bounds the exchange is libcurl's own: CURLOPT_TIMEOUT_MS ends the transfer at
// the deadline whatever the server sends, and a callback that takes fewer bytes than it is handed
// makes libcurl abort the transfer at once (CURLE_WRITE_ERROR) and close the connection, so
// nothing is read past what the caller uses.
#include "CHTTP.h"

#include <curl/curl.h>
#include <errno.h>
#ifdef __APPLE__
#include <CommonCrypto/CommonDigest.h>
#include <CommonCrypto/CommonHMAC.h>
#else
#include <openssl/evp.h>
#include <openssl/hmac.h>
#endif
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
    int keep_success_body; // 1: a 2xx answer's body is read (fetch); 0: the transfer ends at its head (post)
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
        // A 2xx answer's body is read only when asked for (post never shows it).
        return transfer->status < 300 && !transfer->keep_success_body ? 0 : length;
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
static rr_http_ending failure(CURLcode code, long os_error) {
    switch (code) {
    case CURLE_OPERATION_TIMEDOUT: return rr_http_timed_out;
    case CURLE_COULDNT_CONNECT: return os_error == ECONNREFUSED ? rr_http_refused : rr_http_other;
    case CURLE_COULDNT_RESOLVE_HOST: return rr_http_host_not_found;
    case CURLE_GOT_NOTHING: return rr_http_closed_unanswered;
    case CURLE_SEND_ERROR:
    case CURLE_RECV_ERROR: return rr_http_connection_lost;
    case CURLE_SSL_CONNECT_ERROR: return rr_http_tls_failed;
    case CURLE_PEER_FAILED_VERIFICATION:
    case CURLE_SSL_ISSUER_ERROR:
    case CURLE_SSL_PINNEDPUBKEYNOTMATCH:
    case CURLE_SSL_INVALIDCERTSTATUS: return rr_http_certificate_refused;
    default: return rr_http_other;
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
static CURLcode set_options(CURL *curl, const char *method, const char *url, struct curl_slist *headers, const uint8_t *body,
                            size_t body_length, long timeout_ms, struct transfer *transfer, char *error_text) {
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
    SET(CURLOPT_FOLLOWLOCATION, 0L); // a webhook does not move, nor does an API; a 3xx is the answer
    SET(CURLOPT_NOSIGNAL, 1L);       // no signals (the process is threaded); sends use MSG_NOSIGNAL
    SET(CURLOPT_NOPROGRESS, 1L);
    SET(CURLOPT_TIMEOUT_MS, timeout_ms);
    SET(CURLOPT_CONNECTTIMEOUT_MS, timeout_ms);
    // No CURLOPT_PROXY: libcurl takes the proxy from the environment (https_proxy, no_proxy…),
    // as FoundationNetworking's URLSession let it, for hosts whose only way out is a proxy. A
    // proxy's own answer to CONNECT is not the webhook's: keep it out of the header callback.
    SET(CURLOPT_SUPPRESS_CONNECT_HEADERS, 1L);
    if (strcmp(method, "POST") == 0) {
        SET(CURLOPT_POST, 1L);
        // Never NULL: libcurl would then read the body from its read callback, stdin by default.
        SET(CURLOPT_POSTFIELDS, body != NULL ? (const char *)body : "");
        SET(CURLOPT_POSTFIELDSIZE_LARGE, (curl_off_t)body_length);
    } else {
        SET(CURLOPT_HTTPGET, 1L);
    }
    // Answers compressed as the server likes (gzip, deflate, whatever libcurl was built with),
    // bounded after decoding: `most_body` counts the bytes the caller gets.
    SET(CURLOPT_ACCEPT_ENCODING, "");
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

rr_http_result rr_http_exchange(const char *method, const char *url, const char *header_lines, const uint8_t *body, size_t body_length,
                                long timeout_ms, int keep_success_body, uint8_t *body_kept, size_t most_body, uint8_t *retry_after,
                                size_t retry_after_size, uint8_t *message, size_t message_size) {
    rr_http_result result = {.ending = rr_http_other, .retry_after_length = -1};
    struct transfer transfer = {.keep_success_body = keep_success_body,
                                .body = body_kept,
                                .most_body = most_body,
                                .retry_after = retry_after,
                                .retry_after_size = retry_after_size,
                                .retry_after_length = -1};
    char error_text[CURL_ERROR_SIZE] = "";
    pthread_once(&global_once, global_init);
    CURL *curl = global_code == CURLE_OK ? curl_easy_init() : NULL;
    int failed = curl == NULL;
    struct curl_slist *headers = failed ? NULL : header_list(header_lines, &failed);
    // A timeout of 0 is no timeout at all to libcurl.
    CURLcode code = failed ? CURLE_FAILED_INIT
                           : set_options(curl, method, url, headers, body, body_length, timeout_ms < 1 ? 1 : timeout_ms, &transfer, error_text);
    if (code == CURLE_OK) code = curl_easy_perform(curl);
    result.curl_code = (int)code;
    if (transfer.head_done) {
        // Ended normally, by a callback (at a 2xx head not read, past the bound), by the deadline,
        // by a broken connection or a body shorter than announced (CURLE_PARTIAL_FILE): an
        // answer, whose body (of a status the body is read for) is cut unless the transfer ended
        // normally.
        int body_read = transfer.status >= 300 || keep_success_body;
        result.ending = rr_http_answered;
        result.status = transfer.status;
        result.body_length = transfer.body_length;
        result.body_cut = body_read && (transfer.body_cut || code != CURLE_OK);
        result.retry_after_length = transfer.retry_after_length;
    } else {
        long os_error = 0;
        if (curl != NULL) curl_easy_getinfo(curl, CURLINFO_OS_ERRNO, &os_error);
        result.ending = code == CURLE_OK ? rr_http_other : failure(code, os_error);
        result.message_length = copy_message(code, code == CURLE_OK ? "not an HTTP answer" : error_text, message, message_size);
    }
    curl_slist_free_all(headers);
    if (curl != NULL) curl_easy_cleanup(curl);
    return result;
}

// The digests come from the system's crypto library: OpenSSL's libcrypto on Linux (already loaded
// with libcurl4, which is built on it), CommonCrypto on Apple's systems. Not swift-crypto, which
// made a clean build about two minutes longer, debug and release alike.
int rr_hmac_sha256(const uint8_t *key, size_t key_length, const uint8_t *data, size_t data_length, uint8_t *digest) {
#ifdef __APPLE__
    CCHmac(kCCHmacAlgSHA256, key, key_length, data, data_length, digest);
    return 0;
#else
    unsigned int length = 0;
    static const uint8_t nothing[1] = {0};
    // HMAC() takes a NULL key as "reuse the last one": an empty key is passed as a real pointer.
    if (HMAC(EVP_sha256(), key_length > 0 ? key : nothing, (int)key_length, data_length > 0 ? data : nothing, data_length, digest, &length) == NULL) return -1;
    return length == 32 ? 0 : -1;
#endif
}

int rr_sha256(const uint8_t *data, size_t data_length, uint8_t *digest) {
#ifdef __APPLE__
    CC_SHA256(data, (CC_LONG)data_length, digest);
    return 0;
#else
    static const uint8_t nothing[1] = {0};
    unsigned int length = 0;
    if (EVP_Digest(data_length > 0 ? data : nothing, data_length, digest, &length, EVP_sha256(), NULL) != 1) return -1;
    return length == 32 ? 0 : -1;
#endif
}
