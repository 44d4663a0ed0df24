// One HTTP POST for `reaction-report post`, made by libcurl and done entirely in C: libcurl's
// callbacks stop the transfer the moment the answer holds what the poster reads, and its own
// timer bounds the whole exchange. Declarations only: webhook_http.c includes curl.h, which
// Swift never sees.
#ifndef REACTION_REPORT_CWEBHOOKHTTP_H
#define REACTION_REPORT_CWEBHOOKHTTP_H

#include <stddef.h>
#include <stdint.h>

/// How an attempt ended.
typedef enum rr_post_ending {
    /// The answer's head came (its status line and headers, after any 1xx): the status, its
    /// Retry-After and the body kept are filled in.
    rr_post_answered,
    /// No answer's head within the timeout.
    rr_post_timed_out,
    /// The server refused the connection (ECONNREFUSED).
    rr_post_refused,
    /// The host's name did not resolve.
    rr_post_host_not_found,
    /// The connection closed before any answer (libcurl: "Empty reply from server").
    rr_post_closed_unanswered,
    /// Sending or receiving failed before the answer's head.
    rr_post_connection_lost,
    /// The TLS handshake failed.
    rr_post_tls_failed,
    /// The server's certificate was not accepted.
    rr_post_certificate_refused,
    /// Anything else: the message says what.
    rr_post_other
} rr_post_ending;

/// What an attempt came to; the bytes themselves are in the caller's buffers.
typedef struct rr_post_result {
    rr_post_ending ending;
    /// The answer's status; 0 without an answer.
    int status;
    /// Bytes of the body kept in `body_kept` (at most `most_body`).
    size_t body_length;
    /// 1 when the body went on past what was kept: the bound, the timeout or a broken
    /// connection ended the reading.
    int body_cut;
    /// Bytes of the first Retry-After value in `retry_after`; -1 when the answer had none (or
    /// one longer than the buffer).
    int retry_after_length;
    /// Bytes of libcurl's message for a failure in `message` (0 when it gave none).
    size_t message_length;
    /// libcurl's code (CURLE_…), 0 when the transfer ended normally.
    int curl_code;
} rr_post_result;

/// POSTs `body_length` bytes of `body` to `url` (http or https only; redirects are not followed,
/// a 3xx is the answer) with `header_lines` ("Name: value" lines separated by "\n"), taking at
/// most `timeout_ms` (at least 1) in all: resolving, connecting, sending and the answer.
///
/// Keeps the answer's status, its first Retry-After value (in `retry_after`, at most
/// `retry_after_size` bytes) and at most `most_body` bytes of its body (in `body_kept`): the
/// transfer ends at the head of a 2xx answer, whose body is never shown, and at the first byte
/// past `most_body` of any other, closing the connection. libcurl's message for a failure goes into
/// `message` (at most `message_size` bytes). Safe to call from several threads at once.
rr_post_result rr_post(const char *url, const char *header_lines, const uint8_t *body, size_t body_length, long timeout_ms,
                       uint8_t *body_kept, size_t most_body, uint8_t *retry_after, size_t retry_after_size, uint8_t *message,
                       size_t message_size);

#endif
