import XCTest

@testable import JSONReader
@testable import ReactionReportKit

final class JSONParserTests: XCTestCase {
    func parse(_ text: String) throws -> JSONValue { try JSONParser.parse(Array(text.utf8), file: "t.json") }

    func failure(_ text: String) -> String {
        do {
            _ = try parse(text)
            return "no error"
        } catch {
            return "\(error)"
        }
    }

    func testNumbersKeepTheirTextSoTimetokensAbove2To53AreExact() throws {
        let value = try parse(#"{"timetoken":15610547826970041,"big":-1.5e300}"#)
        XCTAssertEqual(value["timetoken"], .number("15610547826970041"))
        XCTAssertEqual(value["timetoken"]?.int64, 15_610_547_826_970_041)
        XCTAssertEqual(value["big"], .number("-1.5e300"))
    }

    func testEscapesSurrogatePairsAndSlashes() throws {
        XCTAssertEqual(try parse(#""\uD83D\uDE06 \/ \"q\" \u00e9 \uD800x""#), .string("😆 / \"q\" é \u{FFFD}x"))
    }

    func testObjectsKeepOrderAndLastDuplicateWinsOnLookup() throws {
        let value = try parse(#"{"b":1,"a":2,"b":3}"#)
        XCTAssertEqual(value.object?.keys, ["b", "a", "b"])
        XCTAssertEqual(value["b"], .number("3"))
    }

    func testByteOrderMarkIsSkipped() throws {
        XCTAssertEqual(try JSONParser.parse([0xEF, 0xBB, 0xBF] + Array("[1]".utf8), file: "t.json"), .array([.number("1")]))
    }

    func testErrorsNameFileLineAndColumn() {
        XCTAssertEqual(failure("{\n  \"a\": 1,\n  \"b\": tru\n}"), "t.json:3:8: unexpected character where a JSON value was expected")
        XCTAssertEqual(failure("[1, 2"), "t.json:1:6: the file ends inside an array")
        XCTAssertEqual(failure(""), "t.json:1:1: the file ends where a JSON value was expected")
        XCTAssertEqual(failure("{\"é\": [1,]}"), "t.json:1:10: unexpected character where a JSON value was expected")
        XCTAssertEqual(failure("[1] [2]"), "t.json:1:5: unexpected text after the JSON value")
        XCTAssertEqual(failure("[\"a\tb\"]"), "t.json:1:4: a control character inside a string")
        XCTAssertEqual(failure("[01]"), "t.json:1:3: expected ',' or ']' in an array")
    }

    func testInvalidUTF8IsAnError() {
        func message(_ inner: [UInt8]) -> String {
            do {
                _ = try JSONParser.parse([0x5B, 0x22] + inner + [0x22, 0x5D], file: "bad.json")
                return "parsed"
            } catch {
                return "\(error)"
            }
        }
        XCTAssertEqual(message([0xFF]), "bad.json:1:3: a string is not valid UTF-8")
        XCTAssertEqual(message([0xC3, 0x28]), "bad.json:1:3: a string is not valid UTF-8")
        XCTAssertEqual(message([0x61, 0xC0, 0x80]), "bad.json:1:4: a string is not valid UTF-8", "overlong")
        XCTAssertEqual(message([0x61, 0x62, 0xED, 0xA0, 0x80]), "bad.json:1:5: a string is not valid UTF-8", "surrogate")
        XCTAssertEqual(message([0xF4, 0x90, 0x80, 0x80]), "bad.json:1:3: a string is not valid UTF-8", "above U+10FFFF")
        XCTAssertEqual(message([0xE2, 0x9D]), "bad.json:1:3: a string is not valid UTF-8", "cut short")
        // With an escape the string is checked as a whole and the error points at its start.
        XCTAssertEqual(message([0x5C, 0x6E, 0xC3, 0x28]), "bad.json:1:3: a string is not valid UTF-8")
        XCTAssertEqual(
            try JSONParser.parse(Array("[\"a\", \"é❤️\", \"👍🏽\", \"x\\n❤\"]".utf8), file: "t.json"),
            .array([.string("a"), .string("é❤️"), .string("👍🏽"), .string("x\n❤")]))
    }

    func testDeepNestingStopsAtTheLimit() {
        let deep = String(repeating: "[", count: 100_000)
        XCTAssertEqual(failure(deep), "t.json:1:513: nesting deeper than 512 levels")
    }

    func testJSONLinesReportTheirLine() throws {
        let text = "{\"a\":1}\n\n{\"a\":2}\n"
        XCTAssertTrue(JSONParser.looksLikeJSONLines(Array(text.utf8)))
        XCTAssertEqual(try JSONParser.parseLines(Array(text.utf8), file: "e.jsonl").count, 2)
        do {
            _ = try JSONParser.parseLines(Array("{\"a\":1}\n{\"a\":}\n".utf8), file: "e.jsonl")
            XCTFail("expected an error")
        } catch {
            XCTAssertEqual("\(error)", "e.jsonl:2:6: unexpected character where a JSON value was expected")
        }
    }
}

final class JSONTextTests: XCTestCase {
    func testQuoteEscapesAndRoundTrips() throws {
        let samples = ["plain", "é😂❤️", "a\"b\\c", "line\nbreak\ttab\r", "\u{0}\u{1F}\u{7F}", "sep\u{2028}par\u{2029}", ""]
        XCTAssertEqual(JSONText.quote("a\"b\\c\n\u{1}\u{2028}"), #""a\"b\\c\n\u0001\u2028""#)
        for sample in samples {
            XCTAssertEqual(try JSONParser.parse(Array(JSONText.quote(sample).utf8), file: "q"), .string(sample))
        }
    }
}
