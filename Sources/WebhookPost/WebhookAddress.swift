import Foundation
import HTTPExchange

/// The incoming-webhook URL a digest is posted to, read from the environment or a file, never
/// from the command line (where `ps` and the shell's history would show it to others).
///
/// The URL's path is the secret that lets anyone post to the channel, so nothing this program
/// prints holds it: messages name the `host` and the `source` only, and the address describes
/// and dumps itself as its host.
public struct WebhookAddress: Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The environment variable read when no webhook file is given.
    public static let environmentVariable = "REACTION_REPORT_WEBHOOK"

    /// The full URL, for the transport only.
    public let url: URL
    /// The URL's host, the one part of it that messages show (`hooks.slack.com`).
    public let host: String
    /// Where the address came from, as messages name it (`REACTION_REPORT_WEBHOOK`,
    /// `the webhook file 'hook.txt'`).
    public let source: String

    /// The address in `file`'s first non-empty line when a file is given, else in the
    /// environment variable; an error naming the source (never the text) when there is none or
    /// it is not an http(s) URL.
    public static func resolve(environment: [String: String], file: String?) throws(DeliveryError) -> WebhookAddress {
        if let file {
            guard let data = FileManager.default.contents(atPath: file) else {
                throw DeliveryError("cannot read the webhook file '\(file)'")
            }
            let lines = String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline)
            guard let line = lines.lazy.map(trimmed).first(where: { !$0.isEmpty }) else {
                throw DeliveryError("the webhook file '\(file)' holds no URL: write the webhook's URL on its first line")
            }
            return try WebhookAddress(line, source: "the webhook file '\(file)'")
        }
        let value = trimmed(environment[environmentVariable] ?? "")
        guard !value.isEmpty else {
            throw DeliveryError("no webhook URL: set \(environmentVariable) to the incoming webhook's URL, or give --webhook-file FILE")
        }
        return try WebhookAddress(value, source: environmentVariable)
    }

    /// The address `text` holds; an error naming `source` (not the text) when it is not an
    /// absolute http:// or https:// URL with a host, written in printable ASCII (a space would
    /// otherwise be percent-encoded into an address nobody meant).
    public init(_ text: String, source: String) throws(DeliveryError) {
        guard text.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }), let url = URL(string: text), let scheme = url.scheme?.lowercased(),
            scheme == "http" || scheme == "https",
            let host = url.host, !host.isEmpty
        else {
            throw DeliveryError("\(source) does not hold an http:// or https:// URL (its text is not shown, as it may be secret)")
        }
        self.url = url
        self.host = host
        self.source = source
    }

    public var description: String { "the webhook at \(host)" }
    public var debugDescription: String { description }
    public var customMirror: Mirror { Mirror(self, children: ["host": host, "source": source]) }

    /// The parts of the URL an answer might echo back, longest first: the URL, its path and
    /// query, percent-encoded and not; each is kept out of what is printed.
    public var secrets: [String] { ShownText.secrets(of: url) }

    private static func trimmed<S: StringProtocol>(_ text: S) -> String { text.trimmingCharacters(in: .whitespacesAndNewlines) }
}
