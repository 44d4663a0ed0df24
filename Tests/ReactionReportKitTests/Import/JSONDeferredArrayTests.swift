import XCTest

@testable import JSONReader
@testable import ReactionReportKit

/// Deferred arrays (issue 5, large single-file exports): the same values and the same errors as
/// a whole parse, element by element.
final class JSONDeferredArrayTests: XCTestCase {
    let sample = """
        {"channels": {"a": [{"t": "1", "x": [1, -2.5e3, true, null, []]}, {"t": "2", "s": "é😂\\u00e9\\n\\uD83D\\uDE06"}],
          "b": [], "c": [[[0]], {"k": [{"deep": ["v"]}]}, "last"]},
         "list": [ 1 , 2 ,3 ], "empty": {}, "n": -0.5}
        """

    /// Counts the deferred arrays reachable from `value`, parsing them on the way.
    func deferredCount(_ value: JSONValue) -> Int {
        switch value {
        case .array(let elements): return elements.map(deferredCount).reduce(0, +)
        case .deferredArray(let deferred): return 1 + JSONElements(deferred).map(deferredCount).reduce(0, +)
        case .object(let object): return object.values.map(deferredCount).reduce(0, +)
        default: return 0
        }
    }

    /// The parse of `bytes` (whole, or deferring from `minimum`), or the error it throws.
    func outcome(_ bytes: [UInt8], deferringFrom minimum: Int? = nil) -> String {
        do {
            let value = try minimum.map { try JSONParser.parse(bytes, file: "t.json", deferringArraysFrom: $0) } ?? JSONParser.parse(bytes, file: "t.json")
            return "\(JSONValue.parsedWhole(value))"
        } catch {
            return "\(error)"
        }
    }

    func testElementWiseIterationGivesTheElementsOfTheWholeParse() throws {
        let bytes = Array(sample.utf8)
        let whole = try JSONParser.parse(bytes, file: "t.json")
        let everyArray = try JSONParser.parse(bytes, file: "t.json", deferringArraysFrom: 1)
        // Every non-empty array is deferred: a, c, [[0]], [0], the "x" list, [{"deep"…}], ["v"], list.
        XCTAssertEqual(deferredCount(everyArray), 8)
        XCTAssertEqual(deferredCount(whole), 0)
        XCTAssertEqual(JSONValue.parsedWhole(everyArray), whole)
        guard case .deferredArray(let a)? = everyArray["channels"]?["a"] else { return XCTFail("channel a is not deferred") }
        XCTAssertEqual(Array(JSONElements(a)), whole["channels"]?["a"]?.array)
        XCTAssertEqual(JSONElements(a).first?["t"], .string("1"))
        XCTAssertEqual(everyArray["channels"]?["b"], .array([]))
        XCTAssertEqual(everyArray["list"]?.elements.map(Array.init), [.number("1"), .number("2"), .number("3")])
        // Only arrays of at least 20 bytes: a, c and the "x" list (26 bytes), not "list" (13).
        let large = try JSONParser.parse(bytes, file: "t.json", deferringArraysFrom: 20)
        XCTAssertEqual(deferredCount(large), 3)
        guard case .array? = large["list"] else { return XCTFail("a small array is deferred") }
        XCTAssertEqual(JSONValue.parsedWhole(large), whole)
    }

    func testDeferredAndParsedArraysCompareByElements() throws {
        let deferred = try JSONParser.parse(Array("[1,[2]]".utf8), file: "t.json", deferringArraysFrom: 1)
        XCTAssertEqual(deferred, .array([.number("1"), .array([.number("2")])]))
        XCTAssertNotEqual(deferred, .array([.number("1"), .array([.number("3")])]))
        XCTAssertNotEqual(deferred, .array([.number("1")]))
        XCTAssertNotEqual(deferred, .object(JSONObject()))
    }

    func testAnErrorDeepInsideADeferredArrayIsThrownByTheParseWithItsLineAndColumn() {
        var text = "{\"channels\": {\"c\": [\n"
        for index in 0..<1000 { text += #"  {"timetoken": "\#(index)", "message": "hi"},"# + "\n" }
        text += #"  {"timetoken": "1000", "message": "h\x"}"# + "\n]}}"
        let bytes = Array(text.utf8)
        XCTAssertEqual(outcome(bytes, deferringFrom: 1), "t.json:1002:39: unknown escape in a string")
        XCTAssertEqual(outcome(bytes), "t.json:1002:39: unknown escape in a string")
    }

    /// Every one-byte change and every truncation of the sample ends the same way, value or
    /// error (file, line, column, reason), whole or deferred.
    func testEveryMutationOfASampleParsesAndFailsAsAWholeParse() {
        let bytes = Array(sample.utf8)
        let replacements: [UInt8] = [0x22, 0x5D, 0x5B, 0x7D, 0x2C, 0x3A, 0x5C, 0x20, 0x0A, 0x30, 0x2D, 0x65, 0x75, 0x00, 0x1F, 0xFF, 0xC3, 0xED, 0x80]
        var compared = 0, errors = 0
        for index in bytes.indices {
            var cases = replacements.map { byte -> [UInt8] in
                var changed = bytes
                changed[index] = byte
                return changed
            }
            cases.append(Array(bytes[..<index]))
            for changed in cases {
                let whole = outcome(changed)
                XCTAssertEqual(outcome(changed, deferringFrom: 1), whole, "byte \(index)")
                XCTAssertEqual(outcome(changed, deferringFrom: 12), whole, "byte \(index)")
                compared += 1
                if whole.hasPrefix("t.json:") { errors += 1 }
            }
        }
        XCTAssertEqual(compared, bytes.count * 20)
        XCTAssertGreaterThan(errors, compared / 2)
    }

    func testSmallFilesAreParsedWholeAndLargeOnesDeferred() throws {
        let small = try InputDocument.parse(Array(#"{"channels":{"c":[{"timetoken":"1"}]}}"#.utf8), name: "h.json")
        XCTAssertEqual(deferredCount(small.root), 0)
        let forced = try InputDocument.parse(Array(#"{"channels":{"c":[{"timetoken":"1"}]}}"#.utf8), name: "h.json", deferringArraysFrom: 1)
        XCTAssertEqual(deferredCount(forced.root), 1)
        let item = #"{"timetoken":"17000000000000000","message":{"text":"hi"},"uuid":"u1"},"#
        let count = InputDocument.largeDocumentBytes / item.utf8.count + 1
        let large = try InputDocument.parse(Array(("[" + String(repeating: item, count: count) + "1]").utf8), name: "h.json")
        guard case .deferredArray = large.root else { return XCTFail("a large file's root array is not deferred") }
        XCTAssertEqual(large.root.elements?.first?["uuid"], .string("u1"))
        XCTAssertEqual(large.root.elements?.reduce(0) { count, _ in count + 1 }, count + 1)
    }
}
