import XCTest

@testable import JSONReader
@testable import ReactionReportKit

/// Day files are walked with a cursor instead of parsed into a tree (issue 5). What is read from
/// them, and how a broken one is refused, must not change: both are compared here with the
/// importer as it was before, which parsed the file and read each message from the tree.
final class SlackDayFileTests: XCTestCase {
    /// The importer's reading of a day file parsed into a tree, message by message: the
    /// reference the cursor's walk must give exactly.
    static func referenceRecords(_ bytes: [UInt8], name: String, conversationID: String) throws -> SlackImporter.DayFileRecords {
        let document = try InputDocument.parse(bytes, name: name, collectingReactionSites: true)
        var result = SlackImporter.DayFileRecords()
        guard let messages = document.root.array else {
            result.records.diagnose(.skippedRecord, "a day file should hold an array of messages; skipped")
            result.records.record(document.unreadReactions(readBy: SlackImporter.dayFileMembers, describing: DiagnosticLog.examplesPerKind))
            return result
        }
        for (index, message) in messages.enumerated() {
            SlackImporter.record(
                SlackImporter.DayMessage(message), at: SlackImporter.MessagePlace(index: index), conversationID: conversationID, names: ["U02": "Bo"],
                into: &result)
        }
        result.records.record(document.unreadReactions(readBy: SlackImporter.dayFileMembers, describing: DiagnosticLog.examplesPerKind))
        return result
    }

    /// Every record, as text.
    static func describe(_ result: SlackImporter.DayFileRecords) -> [String] {
        result.records.records.map { record in
            switch record {
            case .message(let message): return "message \(message)"
            case .reaction(let fact): return "reaction \(fact)"
            case .diagnostic(let kind, let detail, let reactions): return "diagnostic \(kind) \(detail) (\(reactions))"
            case .audit(let findings): return "audit \(findings.described) + \(findings.more) (\(findings.moreReactions))"
            }
        }
            + result.shared.map {
                "shared \($0.object) \($0.target.messageID) \($0.isOrigin) \($0.reactions.count) \($0.path) \(String(describing: $0.misshapen))"
            }
    }

    /// A small seeded generator of day-file text: messages with every member the importer reads,
    /// in wrong types, repeated, nested, with members it does not read, and elements that are not
    /// messages.
    struct Generator {
        var state: UInt64

        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }

        mutating func pick(_ options: [String]) -> String { options[next(options.count)] }

        mutating func scalar() -> String {
            pick([
                #""message""#, #""1700000000.000100""#, "12", "-3.5e2", "true", "null", #""""#, #""a \"q\" \u00e9 é""#,
                "{}", "[]", #"{"x":[1,{"y":"z"}]}"#, #"["U1",2]"#, #""channel_join""#, #""tombstone""#, #""U02""#
            ])
        }

        mutating func member() -> String {
            let key = pick([
                "type", "subtype", "ts", "user", "bot_id", "username", "thread_ts", "text", "user_profile", "bot_profile",
                "reactions", "client_msg_id", "blocks", "team", "ts", "reactions", "user_profile", "file", "files", "comment",
                "root", "attachments", "subtype"
            ])
            let value: String
            switch key {
            case "ts", "thread_ts":
                value = next(3) == 0 ? scalar() : "\"\(1_700_000_000 + next(1_000)).\(String(format: "%06d", next(1_000_000)))\""
            case "user_profile", "bot_profile":
                value =
                    next(4) == 0
                    ? scalar()
                    : "{"
                        + (0..<next(4)).map { _ in
                            "\"\(pick(["display_name", "real_name", "name", "image_72", "real_name"]))\":\(scalar())"
                        }.joined(separator: ",") + "}"
            case "reactions":
                value = next(5) == 0 ? scalar() : "[" + (0..<next(4)).map { _ in reaction() }.joined(separator: ",") + "]"
            case "blocks":
                value = #"[{"type":"rich_text","elements":[{"type":"text","text":"hi"}]}]"#
            case "file", "comment":
                value = next(4) == 0 ? scalar() : shared()
            case "files":
                value = next(4) == 0 ? scalar() : "[" + (0..<next(3)).map { _ in shared() }.joined(separator: ",") + "]"
            case "root":
                value = next(3) == 0 ? scalar() : "{" + (0..<next(5)).map { _ in member() }.joined(separator: ",") + "}"
            case "attachments":
                // A member nothing reads, holding reactions: named by the audit.
                value = next(2) == 0 ? #"[{"actions":[{"name":"ok"}]}]"# : "[{\"reactions\":[" + reaction() + "]}]"
            case "subtype":
                value = next(2) == 0 ? scalar() : "\"\(pick(["file_share", "file_comment", "file_mention", "channel_join", "bot_message"]))\""
            default:
                value = scalar()
            }
            return "\"\(key)\":\(value)"
        }

        mutating func reaction() -> String {
            if next(6) == 0 { return scalar() }
            return "{"
                + (0..<next(4)).map { _ in
                    let key = pick(["name", "count", "users", "users", "name"])
                    switch key {
                    case "users": return "\"users\":" + (next(4) == 0 ? scalar() : "[" + (0..<next(4)).map { _ in scalar() }.joined(separator: ",") + "]")
                    case "name": return "\"name\":" + (next(3) == 0 ? scalar() : "\"\(pick(["+1", "heart", "party-parrot", "+1::skin-tone-2"]))\"")
                    default: return "\"count\":" + (next(3) == 0 ? scalar() : "\(next(5))")
                    }
                }.joined(separator: ",") + "}"
        }

        mutating func shared() -> String {
            "{"
                + (0..<next(4)).map { _ in
                    switch pick(["id", "reactions", "name", "id"]) {
                    case "id": return "\"id\":" + (next(3) == 0 ? scalar() : "\"F\(next(4))\"")
                    case "reactions":
                        return "\"reactions\":" + (next(5) == 0 ? scalar() : "[" + (0..<next(3)).map { _ in reaction() }.joined(separator: ",") + "]")
                    default: return "\"name\":\"x.png\""
                    }
                }.joined(separator: ",") + "}"
        }

        mutating func dayFile() -> String {
            let elements = (0..<next(6)).map { _ -> String in
                next(8) == 0 ? scalar() : "{" + (0..<next(9)).map { _ in member() }.joined(separator: ",\n  ") + "}"
            }
            return "[\n " + elements.joined(separator: ",\n ") + "\n]\n"
        }
    }

    func testWalkedDayFilesGiveWhatTheParsedTreeGave() throws {
        var generator = Generator(state: 7)
        var messages = 0
        for round in 0..<2_000 {
            let text = generator.dayFile()
            let bytes = Array(text.utf8)
            let walked = try SlackImporter.readDayFile(bytes, name: "w/general/2024-01-01.json", conversationID: "C1", names: ["U02": "Bo"])
            let parsed = try Self.referenceRecords(bytes, name: "w/general/2024-01-01.json", conversationID: "C1")
            XCTAssertEqual(Self.describe(walked), Self.describe(parsed), "round \(round):\n\(text)")
            messages += walked.records.messageCount
        }
        // The generator reaches messages that are recorded, not only ones that are skipped.
        XCTAssertGreaterThan(messages, 500)
    }

    func testFilesThatAreNotArraysOfMessages() throws {
        for text in ["{}", "\"x\"", "12", "null", "[]", "\u{FEFF}[]", "[1, \"a\", null, [], {}]"] {
            let bytes = Array(text.utf8)
            let walked = try SlackImporter.readDayFile(bytes, name: "d/2024-01-01.json", conversationID: "C1", names: ["U02": "Bo"])
            let parsed = try Self.referenceRecords(bytes, name: "d/2024-01-01.json", conversationID: "C1")
            XCTAssertEqual(Self.describe(walked), Self.describe(parsed), text)
        }
    }

    /// Every cut-short and every damaged version of a day file is refused with the parser's
    /// error, at the same line and column; the ones that are still JSON read the same.
    func testBrokenDayFilesAreRefusedAsWhenParsed() throws {
        var generator = Generator(state: 11)
        var text = ""
        while text.utf8.count < 400 { text = generator.dayFile() }
        let whole = Array(text.utf8)
        var refused = 0
        var variants: [[UInt8]] = (0..<whole.count).map { Array(whole[..<$0]) }
        for position in stride(from: 0, to: whole.count, by: 3) {
            for junk in [UInt8(ascii: "}"), UInt8(ascii: ","), UInt8(ascii: "\""), 0x00, 0xFF, UInt8(ascii: "[")] {
                var damaged = whole
                damaged[position] = junk
                variants.append(damaged)
            }
        }
        // Nesting past the parser's limit inside a member nothing reads.
        variants.append(Array(("[{\"blocks\":" + String(repeating: "[", count: 600) + String(repeating: "]", count: 600) + "}]").utf8))
        for bytes in variants {
            let name = "w/general/2024-01-01.json"
            let walked = Result { try SlackImporter.readDayFile(bytes, name: name, conversationID: "C1", names: ["U02": "Bo"]) }
            let parsed = Result { try Self.referenceRecords(bytes, name: name, conversationID: "C1") }
            switch (walked, parsed) {
            case (.success(let a), .success(let b)):
                XCTAssertEqual(Self.describe(a), Self.describe(b))
            case (.failure(let a), .failure(let b)):
                XCTAssertEqual(a as? LocatedError, b as? LocatedError)
                refused += 1
            default:
                XCTFail("one refused, the other did not: \(walked) against \(parsed)\n\(String(decoding: bytes, as: UTF8.self))")
            }
        }
        XCTAssertGreaterThan(refused, whole.count)
    }
}
