import Foundation
import XCTest

/// Reads a digest payload back as JSON (Foundation's parser, not ours) and checks it against
/// every limit the platform documents, counted as the platform counts: UTF-16 code units for
/// Slack (the stricter reading of its "characters"), code points for Discord. Each returns the
/// limits broken, as sentences; none is a pass. `texts` gathers every string a reader sees.
enum DigestPayloadCheck {
    static func object(_ json: String) throws -> [String: Any] {
        try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any], "not a JSON object")
    }

    static func slackLength(_ text: String) -> Int { (text as NSString).length }
    static func discordLength(_ text: String) -> Int { text.unicodeScalars.count }

    /// Slack: 50 blocks; header plain_text 1…150; section text 1…3,000; fields ≤ 10, each
    /// 1…2,000; context 1…10 elements of 1…3,000; mrkdwn sent verbatim; top-level text ≤ 40,000;
    /// all block text within the digest's budget of 6,000 (under the undocumented total).
    static func slack(_ json: String, texts: inout [String]) throws -> [String] {
        let payload = try object(json)
        var broken: [String] = []
        func text(_ object: Any?, _ kinds: Set<String>, _ limit: Int, _ place: String) -> Int {
            guard let object = object as? [String: Any], let kind = object["type"] as? String, let value = object["text"] as? String else {
                broken.append("\(place): not a text object")
                return 0
            }
            texts.append(value)
            if !kinds.contains(kind) { broken.append("\(place): a \(kind) text") }
            if kind == "mrkdwn", object["verbatim"] as? Bool != true { broken.append("\(place): mrkdwn not verbatim") }
            let length = slackLength(value)
            if length < 1 || length > limit { broken.append("\(place): \(length) characters, not 1…\(limit)") }
            return length
        }
        let fallback = payload["text"] as? String ?? ""
        texts.append(fallback)
        if fallback.isEmpty || slackLength(fallback) > 40_000 { broken.append("text: \(slackLength(fallback)) characters") }
        let blocks = payload["blocks"] as? [[String: Any]] ?? []
        if blocks.isEmpty || blocks.count > 50 { broken.append("\(blocks.count) blocks, not 1…50") }
        var total = 0
        for (index, block) in blocks.enumerated() {
            let place = "block \(index)"
            switch block["type"] as? String {
            case "header": total += text(block["text"], ["plain_text"], 150, place)
            case "divider": break
            case "context":
                let elements = block["elements"] as? [Any] ?? []
                if elements.isEmpty || elements.count > 10 { broken.append("\(place): \(elements.count) context elements") }
                for element in elements { total += text(element, ["mrkdwn", "plain_text"], 3_000, place) }
            case "section":
                if block["text"] != nil { total += text(block["text"], ["mrkdwn", "plain_text"], 3_000, place) }
                let fields = block["fields"] as? [Any] ?? []
                if fields.count > 10 { broken.append("\(place): \(fields.count) fields") }
                for field in fields { total += text(field, ["mrkdwn", "plain_text"], 2_000, place) }
                if block["text"] == nil, fields.isEmpty { broken.append("\(place): a section with neither text nor fields") }
            default: broken.append("\(place): a block of type \(block["type"] ?? "none")")
            }
        }
        if total > 6_000 { broken.append("\(total) characters of block text, over 6,000") }
        return broken
    }

    /// Discord: content ≤ 2,000; ≤ 10 embeds; title ≤ 256, description ≤ 4,096, ≤ 25 fields of
    /// name 1…256 and value 1…1,024, footer ≤ 2,048, author ≤ 256; all embeds ≤ 6,000;
    /// `allowed_mentions` that allow nothing.
    static func discord(_ json: String, texts: inout [String]) throws -> [String] {
        let payload = try object(json)
        var broken: [String] = []
        func check(_ value: Any?, _ range: ClosedRange<Int>, _ place: String) -> Int {
            guard let value = value as? String else {
                if range.lowerBound > 0 { broken.append("\(place): missing") }
                return 0
            }
            texts.append(value)
            let length = discordLength(value)
            if !range.contains(length) { broken.append("\(place): \(length) characters, not \(range)") }
            return length
        }
        _ = check(payload["content"], 1...2_000, "content")
        if (payload["allowed_mentions"] as? [String: Any])?["parse"] as? [Any] == nil
            || ((payload["allowed_mentions"] as? [String: Any])?["parse"] as? [Any])?.isEmpty != true
            || (payload["allowed_mentions"] as? [String: Any])?.count != 1
        {
            broken.append("allowed_mentions allows something: \(payload["allowed_mentions"] ?? "none")")
        }
        let embeds = payload["embeds"] as? [[String: Any]] ?? []
        if embeds.count > 10 { broken.append("\(embeds.count) embeds") }
        var total = 0
        for (index, embed) in embeds.enumerated() {
            let place = "embed \(index)"
            total += check(embed["title"], 0...256, place + " title")
            total += check(embed["description"], 0...4_096, place + " description")
            total += check((embed["footer"] as? [String: Any])?["text"], 0...2_048, place + " footer")
            total += check((embed["author"] as? [String: Any])?["name"], 0...256, place + " author")
            let fields = embed["fields"] as? [[String: Any]] ?? []
            if fields.count > 25 { broken.append("\(place): \(fields.count) fields") }
            for (number, field) in fields.enumerated() {
                total += check(field["name"], 1...256, "\(place) field \(number) name")
                total += check(field["value"], 1...1_024, "\(place) field \(number) value")
            }
        }
        if total > 6_000 { broken.append("\(total) characters in embeds, over 6,000") }
        return broken
    }
}
