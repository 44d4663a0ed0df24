import Foundation
import ProgramRunner
import XCTest

@testable import ReactionReportKit

/// The builtin search index's token rule (`SearchText`): the cases of Tests/search/tokens.json,
/// which the Node check of search-index.js reads too (Tests/search/tokens.mjs), so that the
/// build and the page fold and cut the same way.
final class SearchTextTests: XCTestCase {
    struct Case: Decodable {
        var name: String
        var text: String
        var tokens: [String]
    }

    func testEverySharedCaseCutsIntoItsTokens() throws {
        let url = ProgramRunner.packageRoot.appendingPathComponent("Tests/search/tokens.json")
        let cases = try JSONDecoder().decode([Case].self, from: Data(contentsOf: url))
        XCTAssertEqual(cases.count, 23)
        for item in cases { XCTAssertEqual(SearchText.tokens(item.text), item.tokens, item.name) }
    }

    func testFoldingDecomposesDropsMarksLowersAndWritesFinalSigmaAsSigma() {
        XCTAssertEqual(SearchText.fold("Crème BRÛLÉE"), "creme brulee")
        XCTAssertEqual(SearchText.fold("İ"), "i")
        XCTAssertEqual(SearchText.fold("ẞ"), "ß")
        XCTAssertEqual(SearchText.fold("ΟΔΟΣ σοφός"), "οδοσ σοφοσ")
        XCTAssertEqual(SearchText.fold("ﬁ①Ｆ"), "fi1f")
        XCTAssertEqual(SearchText.fold("مَرْحَبًا"), "مرحبا")
    }

    func testATokenKeepsItsFirst64ScalarsInBothPaths() {
        // ASCII text is cut from its bytes, other text from its folded scalars: the same rule.
        XCTAssertEqual(SearchText.tokens(String(repeating: "Ab", count: 40)), [String(repeating: "ab", count: 32)])
        XCTAssertEqual(SearchText.tokens(String(repeating: "Ab", count: 40) + "é"), [String(repeating: "ab", count: 32)])
        XCTAssertEqual(SearchText.tokens(String(repeating: "x", count: 64) + " y"), [String(repeating: "x", count: 64), "y"])
    }

    func testEachHanAndKanaLetterIsATokenOfItsOwn() {
        XCTAssertEqual(SearchText.tokens("iPhone15を買った"), ["iphone15", "を", "買", "っ", "た"])
        XCTAssertEqual(SearchText.tokens("𠀋x"), ["𠀋", "x"])
        XCTAssertEqual(SearchText.tokens("한국"), ["\u{1112}\u{1161}\u{11AB}\u{1100}\u{116E}\u{11A8}"])
    }
}
