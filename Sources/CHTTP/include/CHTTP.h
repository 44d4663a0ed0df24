// One HTTP exchange made by libcurl and done entirely in C, for `reaction-report post` (a POST to
// a webhook) and `reaction-report fetch` (GETs of a chat platform's REST API): libcurl's callbacks
// stop the transfer the moment the answer holds what the caller reads, and its own timer bounds
// the whole exchange. Also the two digests `fetch` signs requests and names files with
// (HMAC-SHA256, SHA-256), from the system's crypto library. Declarations only: http.c includes
// curl.h, which Swift never sees.
#ifndef REACTION_REPORT_CHTTP_H
#define REACTION_REPORT_CHTTP_H

#include <stddef.h>
#include <stdint.h>

/// How an exchange ended.
typedef enum rr_http_ending {
    /// The answer's head came (its status line and headers, after any 1xx): the status, its
    /// Retry-After and the body kept are filled in.
    rr_http_answered,
    /// No answer's head within the timeout.
    rr_http_timed_out,
    /// The server refused the connection (ECONNREFUSED).
    rr_http_refused,
    /// The host's name did not resolve.
    rr_http_host_not_found,
    /// The connection closed before any answer (libcurl: "Empty reply from server").
    rr_http_closed_unanswered,
    /// Sending or receiving failed before the answer's head.
    rr_http_connection_lost,
    /// The TLS handshake failed.
    rr_http_tls_failed,
    /// The server's certificate was not accepted.
    rr_http_certificate_refused,
    /// Anything else: the message says what.
    rr_http_other
} rr_http_ending;

/// What an exchange came to; the bytes themselves are in the caller's buffers.
typedef struct rr_http_result {
    rr_http_ending ending;
    /// The answer's status; 0 without an answer.
    int status;
    /// Bytes of the body kept in `body_kept` (at most `most_body`).
    size_t body_length;
    /// 1 when the body went on past what was kept, or did not arrive whole: the bound, the
    /// timeout, a broken connection or a body shorter than its Content-Length ended the reading.
    int body_cut;
    /// Bytes of the first Retry-After value in `retry_after`; -1 when the answer had none (or
    /// one longer than the buffer).
    int retry_after_length;
    /// Bytes of libcurl's message for a failure in `message` (0 when it gave none).
    size_t message_length;
    /// libcurl's code (CURLE_…), 0 when the transfer ended normally.
    int curl_code;
} rr_http_result;

/// Sends one request to `url` (http or https only; redirects are not followed, a 3xx is the
/// answer): `method` ("GET" or "POST"), `header_lines` ("Name: value" lines separated by "\n"),
/// and for a POST `body_length` bytes of `body`; taking at most `timeout_ms` (at least 1) in
/// all: resolving, connecting, sending and the answer.
///
/// Keeps the answer's status, its first Retry-After value (in `retry_after`, at most
/// `retry_after_size` bytes) and at most `most_body` bytes of its body (in `body_kept`): the
/// transfer ends at the first byte past `most_body`, closing the connection, and, unless
/// `keep_success_body` is 1, at the head of a 2xx answer, whose body is then never read.
/// libcurl's message for a failure goes into `message` (at most `message_size` bytes). Safe to
/// call from several threads at once.
rr_http_result rr_http_exchange(const char *method, const char *url, const char *header_lines, const uint8_t *body, size_t body_length,
                                long timeout_ms, int keep_success_body, uint8_t *body_kept, size_t most_body, uint8_t *retry_after,
                                size_t retry_after_size, uint8_t *message, size_t message_size);

/// Writes HMAC-SHA256 of `data` under `key` (RFC 2104 with SHA-256, as RFC 4231 tests it) into
/// `digest`, 32 bytes. Returns 0, or -1 when the crypto library failed.
int rr_hmac_sha256(const uint8_t *key, size_t key_length, const uint8_t *data, size_t data_length, uint8_t *digest);

/// Writes SHA-256 of `data` into `digest`, 32 bytes. Returns 0, or -1 when the crypto library
/// failed.
int rr_sha256(const uint8_t *data, size_t data_length, uint8_t *digest);

#endif
