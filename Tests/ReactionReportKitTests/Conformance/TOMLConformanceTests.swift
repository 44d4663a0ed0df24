import Foundation
import XCTest

@testable import ReactionReportKit

/// toml-test's TOML 1.0 cases (`Fixtures/conformance/toml-test/tests/`, the files named by
/// `files-toml-1.0.0`) through the configuration file's parser.
///
/// Every valid case that uses only what the parser supports must parse to exactly the values
/// of its tagged JSON; every invalid case must be rejected with a line and a column. The
/// counts are exact, so a case that is skipped or lost fails the test as surely as a wrong
/// answer.
///
/// What is supported: the parser reads the value kinds of `TOMLValue.Kind`: strings, integers,
/// booleans, arrays and tables (toml-test tags `string`, `integer`, `bool`; arrays and tables
/// are JSON arrays and objects). It refuses, with an error that says so, what no setting
/// takes: the tags `float`, `datetime`, `datetime-local`, `date-local` and `time-local`, and
/// arrays of tables (`[[name]]` headers, which toml-test's JSON cannot tell from an array of
/// inline tables, so they are found in the TOML text).
final class TOMLConformanceTests: XCTestCase {
    /// The one place these tests call the parser.
    static func parseTOML(_ bytes: [UInt8], file: String) throws -> TOMLTable {
        try TOMLParser.parse(bytes, file: file).root
    }

    static let folder = "conformance/toml-test/tests"

    /// toml-test's tags for the scalar kinds the parser reads (see `Tagged.init(_:)`).
    static let supportedTags: Set<String> = ["string", "integer", "bool"]
    /// toml-test's tags for the TOML types the parser refuses.
    static let unsupportedTags: Set<String> = ["float", "datetime", "datetime-local", "date-local", "time-local"]

    /// The paths `files-toml-1.0.0` lists, by kind.
    static func caseList() throws -> (valid: [String], expected: [String], invalid: [String]) {
        let list = String(decoding: try TestSupport.fixture(Self.folder + "/files-toml-1.0.0"), as: UTF8.self)
        let paths = list.split(separator: "\n").map(String.init).filter { !$0.isEmpty }
        return (
            paths.filter { $0.hasPrefix("valid/") && $0.hasSuffix(".toml") },
            paths.filter { $0.hasPrefix("valid/") && $0.hasSuffix(".json") },
            paths.filter { $0.hasPrefix("invalid/") && $0.hasSuffix(".toml") }
        )
    }

    func testTheListNamesEveryCaseAndItsValues() throws {
        let list = try Self.caseList()
        XCTAssertEqual([list.valid.count, list.expected.count, list.invalid.count], [210, 210, 499])
        XCTAssertEqual(list.valid.map { $0.dropLast(5) }, list.expected.map { $0.dropLast(5) })
    }

    func testEverySupportedValidCaseGivesItsValues() throws {
        var passed = 0
        var unsupportedTypes = 0
        var arraysOfTables = 0
        for path in try Self.caseList().valid {
            let toml = try TestSupport.fixture(Self.folder + "/" + path)
            let json = try TestSupport.fixture(Self.folder + "/" + path.dropLast(5) + ".json")
            let expected = try Tagged(JSONDecoder().decode(ExpectedJSON.self, from: Data(json)))
            let tags = expected.tags
            XCTAssertTrue(tags.isSubset(of: Self.supportedTags.union(Self.unsupportedTags)), "\(path): unknown tags \(tags)")
            guard tags.isSubset(of: Self.supportedTags) else {
                unsupportedTypes += 1
                expectRefusal(toml, path)
                continue
            }
            guard !Self.hasArrayOfTablesHeader(toml) else {
                arraysOfTables += 1
                expectRefusal(toml, path)
                continue
            }
            do {
                let parsed = Tagged(try Self.parseTOML(toml, file: path))
                if parsed == expected {
                    passed += 1
                } else {
                    XCTFail("\(path): expected \(expected), got \(parsed)")
                }
            } catch {
                XCTFail("\(path) was rejected: \(error)")
            }
        }
        XCTAssertEqual([passed, unsupportedTypes, arraysOfTables], [157, 37, 16])
    }

    /// A valid case the parser does not support must be refused with an error that says so.
    func expectRefusal(_ toml: [UInt8], _ path: String) {
        do {
            _ = try Self.parseTOML(toml, file: path)
            XCTFail("\(path) was accepted")
        } catch let error as LocatedError {
            XCTAssertTrue(error.reason.contains(" not supported"), "\(path): \(error)")
        } catch {
            XCTFail("\(path): not a LocatedError: \(error)")
        }
    }

    func testEveryInvalidCaseIsRejectedAtALineAndColumn() throws {
        var rejected = 0
        for path in try Self.caseList().invalid {
            do {
                let root = try Self.parseTOML(try TestSupport.fixture(Self.folder + "/" + path), file: path)
                XCTFail("\(path) was accepted: \(root)")
            } catch let error as LocatedError {
                guard let line = error.line, let column = error.column, line >= 1, column >= 1 else {
                    XCTFail("\(path): no line and column in \(error)")
                    continue
                }
                XCTAssertEqual(error.file, path)
                rejected += 1
            } catch {
                XCTFail("\(path): not a LocatedError: \(error)")
            }
        }
        XCTAssertEqual(rejected, 499)
    }

    /// True when a line starts, after blanks, with `[[`: an array-of-tables header. (Such a line
    /// could in principle be inside a multi-line string or array; in this suite every one is a
    /// header.)
    static func hasArrayOfTablesHeader(_ bytes: [UInt8]) -> Bool {
        bytes.split(separator: 0x0A, omittingEmptySubsequences: false).contains { line in
            let text = line.drop { $0 == 0x20 || $0 == 0x09 }
            return text.starts(with: Array("[[".utf8))
        }
    }

    // MARK: Values in toml-test's form

    /// A value as toml-test's JSON gives it: a scalar is its tag and its text, a table's keys are
    /// sorted. Text is kept as UTF-8 bytes so that the comparison is exact (String's == takes
    /// canonically equivalent text as equal).
    indirect enum Tagged: Equatable, CustomStringConvertible {
        case scalar(tag: String, text: [UInt8])
        case array([Tagged])
        case table([Member])

        struct Member: Equatable {
            var key: [UInt8]
            var value: Tagged
        }

        /// A table, its members sorted by key.
        static func sortedTable(_ members: [Member]) -> Tagged {
            .table(members.sorted { $0.key.lexicographicallyPrecedes($1.key) })
        }

        init(_ table: TOMLTable) {
            self = .sortedTable(table.entries.map { Member(key: Array($0.key.utf8), value: Tagged($0.value)) })
        }

        /// The parser's value in toml-test's form: integers in decimal, booleans as `true` or
        /// `false`, as toml-test writes them.
        init(_ value: TOMLValue) {
            switch value.kind {
            case .string(let text): self = .scalar(tag: "string", text: Array(text.utf8))
            case .integer(let number): self = .scalar(tag: "integer", text: Array(String(number).utf8))
            case .boolean(let flag): self = .scalar(tag: "bool", text: Array((flag ? "true" : "false").utf8))
            case .array(let elements): self = .array(elements.map(Tagged.init))
            case .table(let table): self = Tagged(table)
            }
        }

        /// toml-test's JSON: an object of exactly `type` and `value`, both strings, is a scalar.
        init(_ json: ExpectedJSON) throws {
            switch json {
            case .string(let text):
                throw ExpectedJSON.Malformed(reason: "an untagged string \(text.debugDescription)")
            case .array(let elements):
                self = .array(try elements.map(Tagged.init))
            case .object(let members):
                if members.count == 2, case .string(let tag)? = members["type"], case .string(let text)? = members["value"] {
                    self = .scalar(tag: tag, text: Array(text.utf8))
                } else {
                    self = .sortedTable(try members.map { Member(key: Array($0.key.utf8), value: try Tagged($0.value)) })
                }
            }
        }

        /// Every tag used, at any depth.
        var tags: Set<String> {
            switch self {
            case .scalar(let tag, _): return [tag]
            case .array(let elements): return elements.reduce(into: []) { $0.formUnion($1.tags) }
            case .table(let members): return members.reduce(into: []) { $0.formUnion($1.value.tags) }
            }
        }

        var description: String {
            switch self {
            case .scalar(let tag, let text): return "\(tag):\(String(decoding: text, as: UTF8.self).debugDescription)"
            case .array(let elements): return "[" + elements.map(\.description).joined(separator: ", ") + "]"
            case .table(let members):
                return "{" + members.map { String(decoding: $0.key, as: UTF8.self).debugDescription + ": " + $0.value.description }.joined(separator: ", ")
                    + "}"
            }
        }
    }

    /// The JSON of a valid case: objects, arrays and strings only.
    indirect enum ExpectedJSON: Decodable {
        case string(String)
        case array([ExpectedJSON])
        case object([String: ExpectedJSON])

        struct Malformed: Error {
            var reason: String
        }

        init(from decoder: Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let text = try? container.decode(String.self) {
                self = .string(text)
            } else if let elements = try? container.decode([ExpectedJSON].self) {
                self = .array(elements)
            } else {
                self = .object(try container.decode([String: ExpectedJSON].self))
            }
        }
    }
}
