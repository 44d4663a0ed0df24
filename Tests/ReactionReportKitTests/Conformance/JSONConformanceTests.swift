import Foundation
import JSONReader
import XCTest

@testable import ReactionReportKit

/// nst/JSONTestSuite's parsing cases (`Fixtures/conformance/JSONTestSuite/test_parsing/`, 318
/// files) through the JSON parser the importers use: `y_` files must parse, `n_` files must fail
/// with an error that names a line and a column, `i_` files (where RFC 8259 leaves the choice
/// to the parser) may go either way but must not crash. The counts are exact, so a file that is
/// skipped or lost fails the test as surely as a wrong answer.
final class JSONConformanceTests: XCTestCase {
    /// The one place these tests call the parser: what the importers parse a JSON document
    /// with. An error is returned rather than thrown so each file is judged on its own.
    static func parseJSON(_ bytes: [UInt8], file: String) -> Result<Void, Error> {
        Result { _ = try JSONParser.parse(bytes, file: file) }
    }

    static let folder = "conformance/JSONTestSuite/test_parsing"

    /// The case files whose names start with `prefix`, sorted, with their bytes.
    func cases(_ prefix: String) throws -> [(name: String, bytes: [UInt8])] {
        let url = TestSupport.fixtures.appendingPathComponent(Self.folder)
        let names = try FileManager.default.contentsOfDirectory(atPath: url.path)
            .filter { $0.hasPrefix(prefix) && $0.hasSuffix(".json") }
            .sorted()
        return try names.map { ($0, try TestSupport.fixture(Self.folder + "/" + $0)) }
    }

    func testTheSuiteHoldsAllItsFiles() throws {
        let all = try FileManager.default.contentsOfDirectory(atPath: TestSupport.fixtures.appendingPathComponent(Self.folder).path)
        XCTAssertEqual(all.count, 318)
        XCTAssertEqual(try [cases("y_").count, cases("n_").count, cases("i_").count], [95, 188, 35])
    }

    func testEveryYCaseIsAccepted() throws {
        var accepted = 0
        for (name, bytes) in try cases("y_") {
            switch Self.parseJSON(bytes, file: name) {
            case .success: accepted += 1
            case .failure(let error): XCTFail("\(name) was rejected: \(error)")
            }
        }
        XCTAssertEqual(accepted, 95)
    }

    func testEveryNCaseIsRejectedAtALineAndColumn() throws {
        var rejected = 0
        for (name, bytes) in try cases("n_") {
            switch Self.parseJSON(bytes, file: name) {
            case .success:
                XCTFail("\(name) was accepted")
            case .failure(let error):
                guard let error = error as? LocatedError else {
                    XCTFail("\(name): not a LocatedError: \(error)")
                    continue
                }
                guard let line = error.line, let column = error.column, line >= 1, column >= 1 else {
                    XCTFail("\(name): no line and column in \(error)")
                    continue
                }
                XCTAssertEqual(error.file, name)
                rejected += 1
            }
        }
        XCTAssertEqual(rejected, 188)
    }

    /// The `i_` cases go either way; which way each goes is pinned, so that a change of
    /// behaviour is seen and decided on. Surrogate escapes that do not pair become U+FFFD
    /// (accepted); numbers are kept as text, so no size is too large (accepted); bytes that
    /// are not UTF-8 are rejected, as is UTF-16 (this parser reads UTF-8 only; `TextEncoding`
    /// converts a marked UTF-16 file before it gets here).
    func testEveryICaseIsDecidedWithoutACrash() throws {
        var accepted: [String] = []
        var rejected: [String] = []
        for (name, bytes) in try cases("i_") {
            switch Self.parseJSON(bytes, file: name) {
            case .success:
                accepted.append(name)
            case .failure(let error):
                guard let error = error as? LocatedError, error.line != nil, error.column != nil else {
                    XCTFail("\(name): an error without a line and column: \(error)")
                    continue
                }
                rejected.append(name)
            }
        }
        XCTAssertEqual(accepted.count + rejected.count, 35)
        XCTAssertEqual(accepted, Self.acceptedICases)
        XCTAssertEqual([accepted.count, rejected.count], [22, 13])
    }

    /// The 22 `i_` cases accepted; the other 13 (3 in UTF-16, 10 with bytes that are not UTF-8) are rejected.
    static let acceptedICases = [
        "i_number_double_huge_neg_exp.json",
        "i_number_huge_exp.json",
        "i_number_neg_int_huge_exp.json",
        "i_number_pos_double_huge_exp.json",
        "i_number_real_neg_overflow.json",
        "i_number_real_pos_overflow.json",
        "i_number_real_underflow.json",
        "i_number_too_big_neg_int.json",
        "i_number_too_big_pos_int.json",
        "i_number_very_big_negative_int.json",
        "i_object_key_lone_2nd_surrogate.json",
        "i_string_1st_surrogate_but_2nd_missing.json",
        "i_string_1st_valid_surrogate_2nd_invalid.json",
        "i_string_incomplete_surrogate_and_escape_valid.json",
        "i_string_incomplete_surrogate_pair.json",
        "i_string_incomplete_surrogates_escape_valid.json",
        "i_string_invalid_lonely_surrogate.json",
        "i_string_invalid_surrogate.json",
        "i_string_inverted_surrogates_U+1D11E.json",
        "i_string_lone_second_surrogate.json",
        "i_structure_500_nested_arrays.json",
        "i_structure_UTF-8_BOM_empty_object.json"
    ]
}
