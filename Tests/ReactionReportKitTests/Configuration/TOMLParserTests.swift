import XCTest

@testable import ReactionReportKit

/// The configuration file's TOML parser: every value type it reads, and every error with its
/// line and column.
final class TOMLParserTests: XCTestCase {
    /// The document rendered canonically, or the error text.
    func read(_ text: String) -> String {
        read(Array(text.utf8))
    }

    func read(_ bytes: [UInt8]) -> String {
        do {
            return try TOMLParser.parse(bytes, file: "c.toml").root.description
        } catch {
            return "\(error)"
        }
    }

    /// The error text for a document that must not parse.
    func failure(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> String {
        do {
            let document = try TOMLParser.parse(text, file: "c.toml")
            XCTFail("parsed: \(document.root)", file: file, line: line)
            return ""
        } catch let error as LocatedError {
            return error.description
        } catch {
            XCTFail("unexpected error type: \(error)", file: file, line: line)
            return ""
        }
    }

    // MARK: Values

    func testCommentsBlankLinesAndBareKeys() {
        XCTAssertEqual(read(""), "{}")
        XCTAssertEqual(read("# only a comment"), "{}")
        XCTAssertEqual(
            read("\n\n  # indented comment\n\ttitle = \"Hi\" # trailing comment\n\nbare_key-2 = 1\n"),
            "{title = \"Hi\", bare_key-2 = 1}")
        XCTAssertEqual(read("1234 = 1"), "{1234 = 1}")
    }

    func testQuotedAndDottedKeys() {
        XCTAssertEqual(
            read("\"+1\" = 1\n'lit key' = 2\n\"\" = 3\n\"caf\\u00e9\" = 4"),
            "{\"+1\" = 1, \"lit key\" = 2, \"\" = 3, \"café\" = 4}")
        XCTAssertEqual(read("a.b = 1\na . c = 2\na.\"d.e\" = 3"), "{a = {b = 1, c = 2, \"d.e\" = 3}}")
    }

    func testBasicStringEscapes() {
        let document = try? TOMLParser.parse(#"s = "q\" b\\ t\t n\n r\r f\f b\b e\u00e9 g\U0001F600""#, file: "c.toml")
        guard case .string(let text)? = document?.root["s"]?.kind else { return XCTFail("no string") }
        XCTAssertEqual(text, "q\" b\\ t\t n\n r\r f\u{0C} b\u{08} eé g😀")
        XCTAssertEqual(read("s = \"tab\tinside\""), "{s = \"tab\\tinside\"}")
    }

    func testLiteralStrings() {
        XCTAssertEqual(read(#"s = 'C:\Users\no\escape'"#), #"{s = "C:\\Users\\no\\escape"}"#)
        XCTAssertEqual(read("s = 'x\ty'"), "{s = \"x\\ty\"}")
    }

    func testMultilineBasicStrings() {
        XCTAssertEqual(read("s = \"\"\"\nfirst\nsecond\"\"\""), "{s = \"first\\nsecond\"}")
        XCTAssertEqual(read("s = \"\"\"\n\"\"\""), "{s = \"\"}")
        // A backslash at the end of a line drops the break and the blanks after it.
        XCTAssertEqual(read("s = \"\"\"one \\\n     two \\   \n\n  three\"\"\""), "{s = \"one two three\"}")
        // One or two quotes inside, and up to two right before the closing three.
        XCTAssertEqual(read("s = \"\"\"a \"b\" \"\"c\"\"\"\"\""), "{s = \"a \\\"b\\\" \\\"\\\"c\\\"\\\"\"}")
        // An escaped quote, then two quotes before the closing three: three quotes in the text.
        XCTAssertEqual(read("s = \"\"\"\\u0041\\\"\"\"\"\"\""), "{s = \"A\\\"\\\"\\\"\"}")
        XCTAssertEqual(read("s = \"\"\"a\r\nb\"\"\""), "{s = \"a\\nb\"}")
    }

    func testMultilineLiteralStrings() {
        XCTAssertEqual(read("s = '''\nraw \\n text\n'''"), "{s = \"raw \\\\n text\\n\"}")
        XCTAssertEqual(read("s = '''it''s'''"), "{s = \"it''s\"}")
        XCTAssertEqual(read("s = '''x'''''"), "{s = \"x''\"}")
    }

    func testIntegers() {
        XCTAssertEqual(
            read("a = 0\nb = +17\nc = -17\nd = 1_000_000\ne = -0\nf = 0xDEAD_beef\ng = 0o755\nh = 0b1010"),
            "{a = 0, b = 17, c = -17, d = 1000000, e = 0, f = 3735928559, g = 493, h = 10}")
        XCTAssertEqual(
            read("max = 9_223_372_036_854_775_807\nmin = -9223372036854775808\nhex = 0x7fffffffffffffff"),
            "{max = 9223372036854775807, min = -9223372036854775808, hex = 9223372036854775807}")
    }

    func testBooleans() {
        XCTAssertEqual(read("yes = true\nno = false"), "{yes = true, no = false}")
    }

    func testArrays() {
        XCTAssertEqual(
            read("a = []\nb = [1, 2]\nc = [ \"x\", 'y', ]\nd = [[1], [\"mixed\", true]]"),
            "{a = [], b = [1, 2], c = [\"x\", \"y\"], d = [[1], [\"mixed\", true]]}")
        XCTAssertEqual(
            read("a = [\n  \"one\", # first\n  # a whole comment line\n\n  \"two\"\n  ,\n]\nb = 1"),
            "{a = [\"one\", \"two\"], b = 1}")
    }

    func testInlineTables() {
        XCTAssertEqual(
            read("a = {}\nb = { x = 1, y.z = \"deep\", \"q k\" = [true] }\nc = [{ n = 1 }, { n = 2 }]"),
            "{a = {}, b = {x = 1, y = {z = \"deep\"}, \"q k\" = [true]}, c = [{n = 1}, {n = 2}]}")
    }

    func testTableHeaders() {
        XCTAssertEqual(
            read("top = 1\n[aliases]\nparrot = \"https://e.org/p.gif\"\n\"+1\" = \"👍\"\n\n[ other . inner ]\nk = 'v'"),
            "{top = 1, aliases = {parrot = \"https://e.org/p.gif\", \"+1\" = \"👍\"}, other = {inner = {k = \"v\"}}}")
        // A table made on the way to a deeper header may be defined later, once.
        XCTAssertEqual(read("[a.b]\nx = 1\n[a]\ny = 2"), "{a = {b = {x = 1}, y = 2}}")
        // Sub-tables may be added below tables made by dotted keys.
        XCTAssertEqual(
            read("[fruit]\napple.color = \"red\"\n[fruit.apple.texture]\nsmooth = true"),
            "{fruit = {apple = {color = \"red\", texture = {smooth = true}}}}")
    }

    func testLineEndingsAndByteOrderMark() {
        XCTAssertEqual(read("a = 1\r\nb = [\r\n 2,\r\n]\r\n# c\r\n"), "{a = 1, b = [2]}")
        XCTAssertEqual(read([0xEF, 0xBB, 0xBF] + Array("a = 1".utf8)), "{a = 1}")
        XCTAssertEqual(read([0xEF, 0xBB, 0xBF] + Array("a = x".utf8)), "c.toml:1:5: expected a value: text needs quotes, like \"this\"")
    }

    func testPositionsOfKeysAndValues() throws {
        let document = try TOMLParser.parse(
            "a = [\n  \"x\",\n\t'y', # c\n]\n[tbl]\n  k = { i = 1 }\n  é.c = true\n".replacingOccurrences(of: "é", with: "\"é\""), file: "c.toml")
        let a = try XCTUnwrap(document.root.entries.first)
        XCTAssertEqual([a.keyPosition, a.value.position], [TOMLPosition(line: 1, column: 1), TOMLPosition(line: 1, column: 5)])
        guard case .array(let elements) = a.value.kind else { return XCTFail("not an array") }
        XCTAssertEqual(elements.map(\.position.description), ["2:3", "3:2"])
        let table = try XCTUnwrap(document.root.entries.last)
        XCTAssertEqual([table.key, table.keyPosition.description, table.value.typeName], ["tbl", "5:2", "a table"])
        guard case .table(let inner) = table.value.kind else { return XCTFail("not a table") }
        XCTAssertEqual(
            inner.entries.map { "\($0.key) \($0.keyPosition) \($0.value.position) \($0.value.typeName)" },
            ["k 6:3 6:7 a table", "é 7:3 7:3 a table"])
        XCTAssertEqual(inner["k"]?.description, "{i = 1}")
        XCTAssertNil(inner["missing"])
    }

    func testColumnsCountCharactersNotBytes() {
        XCTAssertEqual(failure("s = \"é😀\" ;"), "c.toml:1:10: expected the end of the line after a value")
    }

    // MARK: Errors

    func testStringErrors() {
        XCTAssertEqual(failure("a = \"open"), "c.toml:1:5: the string is not closed")
        XCTAssertEqual(failure("a = 'open"), "c.toml:1:5: the string is not closed")
        XCTAssertEqual(failure("a = \"x\ny\""), "c.toml:1:5: the string is not closed on its line (use \"\"\" for text over several lines)")
        XCTAssertEqual(failure("a = 'x\ny'"), "c.toml:1:5: the string is not closed on its line (use ''' for text over several lines)")
        XCTAssertEqual(failure("\n a = \"\"\"never\nclosed"), "c.toml:2:6: the multi-line string is not closed")
        XCTAssertEqual(failure("a = '''never"), "c.toml:1:5: the multi-line string is not closed")
        XCTAssertEqual(failure("a = \"\"\"x\"\"\"\"\"\""), "c.toml:1:9: three quotes in a row end a multi-line string; escape one of them")
        XCTAssertEqual(failure(#"a = "bad \q""#), #"c.toml:1:10: unknown escape '\q' in a string"#)
        XCTAssertEqual(failure("a = \"\"\"\\ x\"\"\""), #"c.toml:1:8: unknown escape '\ ' in a string"#)
        XCTAssertEqual(failure(#"a = "\u12""#), #"c.toml:1:6: \u needs four hexadecimal digits"#)
        XCTAssertEqual(failure(#"a = "\U0001F6""#), #"c.toml:1:6: \U needs eight hexadecimal digits"#)
        XCTAssertEqual(failure(#"a = "\uD800""#), #"c.toml:1:6: \uD800 is not a Unicode scalar value"#)
        XCTAssertEqual(failure(#"a = "\U00110000""#), #"c.toml:1:6: \U00110000 is not a Unicode scalar value"#)
        XCTAssertEqual(failure("a = \"x\u{01}\""), "c.toml:1:7: a control character in a string must be written as an escape")
        XCTAssertEqual(failure("a = \"\u{7F}\""), "c.toml:1:6: a control character in a string must be written as an escape")
        XCTAssertEqual(failure("a = 'x\u{00}'"), "c.toml:1:7: a control character in a literal string")
        XCTAssertEqual(failure("a = \"\"\"\u{1B}\"\"\""), "c.toml:1:8: a control character in a string must be written as an escape")
    }

    func testIntegerErrors() {
        XCTAssertEqual(failure("a = 9223372036854775808"), "c.toml:1:5: the integer 9223372036854775808 does not fit in 64 bits")
        XCTAssertEqual(failure("a = -9223372036854775809"), "c.toml:1:5: the integer -9223372036854775809 does not fit in 64 bits")
        XCTAssertEqual(failure("a = 0x1_0000_0000_0000_0000"), "c.toml:1:5: the integer 0x1_0000_0000_0000_0000 does not fit in 64 bits")
        XCTAssertEqual(failure("a = 012"), "c.toml:1:5: an integer cannot have leading zeros")
        XCTAssertEqual(failure("a = 1__0"), "c.toml:1:5: '1__0' is not a valid integer: '_' must stand between digits")
        XCTAssertEqual(failure("a = 10_"), "c.toml:1:5: '10_' is not a valid integer: '_' must stand between digits")
        XCTAssertEqual(failure("a = 0x_1"), "c.toml:1:5: '0x_1' is not a valid integer: '_' must stand between digits")
        XCTAssertEqual(failure("a = -0x1"), "c.toml:1:5: a hexadecimal, octal or binary integer cannot have a sign")
        XCTAssertEqual(failure("a = 0b102"), "c.toml:1:5: '0b102' is not a valid integer")
        XCTAssertEqual(failure("a = 0o8"), "c.toml:1:5: '0o8' is not a valid integer")
        XCTAssertEqual(failure("a = 0x"), "c.toml:1:5: '0x' is not a valid integer")
        XCTAssertEqual(failure("a = 12abc"), "c.toml:1:5: '12abc' is not a valid integer")
        XCTAssertEqual(failure("a = -"), "c.toml:1:5: '-' is not a valid integer")
    }

    func testFloatsDatesAndUnquotedText() {
        let float = "floating-point numbers are not supported; no setting takes one"
        XCTAssertEqual(failure("a = 1.5"), "c.toml:1:5: " + float)
        XCTAssertEqual(failure("a = -2e3"), "c.toml:1:5: " + float)
        XCTAssertEqual(failure("a = inf"), "c.toml:1:5: " + float)
        XCTAssertEqual(failure("a = +inf"), "c.toml:1:5: " + float)
        XCTAssertEqual(failure("a = nan"), "c.toml:1:5: " + float)
        let date = "dates and times are not supported; write the value as a quoted string, like \"2026-01-05\""
        XCTAssertEqual(failure("since = 2026-01-05"), "c.toml:1:9: " + date)
        XCTAssertEqual(failure("since = 2026-W02"), "c.toml:1:9: " + date)
        XCTAssertEqual(failure("at = 1979-05-27T07:32:00Z"), "c.toml:1:6: " + date)
        XCTAssertEqual(failure("at = 07:32:00"), "c.toml:1:6: " + date)
        XCTAssertEqual(failure("title = hello"), "c.toml:1:9: expected a value: text needs quotes, like \"this\"")
        XCTAssertEqual(failure("a = truely"), "c.toml:1:5: expected a value: text needs quotes, like \"this\"")
        XCTAssertEqual(failure("a = TRUE"), "c.toml:1:5: expected a value: text needs quotes, like \"this\"")
        XCTAssertEqual(failure("a = @"), "c.toml:1:5: expected a value")
    }

    func testKeyAndLineErrors() {
        XCTAssertEqual(failure("a"), "c.toml:1:2: expected '=' after the key")
        XCTAssertEqual(failure("a b = 1"), "c.toml:1:3: expected '=' after the key (a key with spaces needs quotes)")
        XCTAssertEqual(failure("= 1"), "c.toml:1:1: expected a key before '='")
        XCTAssertEqual(failure("é = 1"), "c.toml:1:1: expected a key (letters, digits, '_' and '-', or a quoted string)")
        XCTAssertEqual(failure("a. = 1"), "c.toml:1:4: expected a key before '='")
        XCTAssertEqual(failure("\"\"\"k\"\"\" = 1"), "c.toml:1:1: a key cannot be a multi-line string")
        XCTAssertEqual(failure("a =\nb = 1"), "c.toml:1:4: expected a value")
        XCTAssertEqual(failure("a = "), "c.toml:1:5: expected a value")
        XCTAssertEqual(failure("a = 1 2"), "c.toml:1:7: expected the end of the line after a value")
        XCTAssertEqual(failure("a = \"x\" // no"), "c.toml:1:9: expected the end of the line after a value")
        XCTAssertEqual(failure("a = 1\rb = 2"), "c.toml:1:6: a carriage return must be followed by a line feed")
        XCTAssertEqual(failure("a = 1 # bell \u{07}"), "c.toml:1:14: a control character in a comment")
    }

    func testArrayAndInlineTableErrors() {
        XCTAssertEqual(failure("a = [1 2]"), "c.toml:1:8: expected ',' or ']' in an array")
        XCTAssertEqual(failure("a = [1,,2]"), "c.toml:1:8: expected a value")
        XCTAssertEqual(failure("a = [,]"), "c.toml:1:6: expected a value")
        XCTAssertEqual(failure("a = [\n  1,\n"), "c.toml:1:5: the array is not closed")
        XCTAssertEqual(failure("a = { b = 1, }"), "c.toml:1:14: an inline table cannot end with a comma")
        XCTAssertEqual(failure("a = { b = 1\n}"), "c.toml:1:12: an inline table must be written on one line")
        XCTAssertEqual(failure("a = {\n b = 1 }"), "c.toml:1:6: an inline table must be written on one line")
        XCTAssertEqual(failure("a = { b = 1 c = 2 }"), "c.toml:1:13: expected ',' or '}' in an inline table")
        XCTAssertEqual(failure("a = { b = 1"), "c.toml:1:5: the inline table is not closed")
        XCTAssertEqual(failure("a = { b }"), "c.toml:1:9: expected '=' after the key")
        let deep = "a = " + String(repeating: "[", count: TOMLParser.maximumDepth) + String(repeating: "]", count: TOMLParser.maximumDepth)
        XCTAssertEqual(read(deep).count, 6 + 2 * TOMLParser.maximumDepth)
        XCTAssertEqual(
            failure("a = " + String(repeating: "[", count: TOMLParser.maximumDepth + 1)),
            "c.toml:1:69: arrays and inline tables nested deeper than 64 levels")
    }

    func testDuplicateKeysAndTables() {
        XCTAssertEqual(failure("title = \"a\"\ntitle = \"b\""), "c.toml:2:1: duplicate key 'title'")
        XCTAssertEqual(failure("title = 1\n\"title\" = 2"), "c.toml:2:1: duplicate key 'title'")
        XCTAssertEqual(failure("[aliases]\nx = \"1\"\n  'x' = \"2\""), "c.toml:3:3: duplicate key 'aliases.x'")
        XCTAssertEqual(failure("a = { b = 1, b = 2 }"), "c.toml:1:14: duplicate key 'a.b'")
        XCTAssertEqual(failure("a.b = 1\na.b = 2"), "c.toml:2:3: duplicate key 'a.b'")
        XCTAssertEqual(failure("[a]\nb = 1\n[a]"), "c.toml:3:2: the table 'a' is already defined")
        XCTAssertEqual(failure("a.b = 1\n[a]"), "c.toml:2:2: the table 'a' is already defined")
        XCTAssertEqual(failure("a = 1\n[a]"), "c.toml:2:2: 'a' is already defined as an integer")
        XCTAssertEqual(failure("a = 1\na.b = 2"), "c.toml:2:1: 'a' is already defined as an integer")
        XCTAssertEqual(failure("[a]\nb = [1]\n[a.b.c]"), "c.toml:3:4: 'a.b' is already defined as an array")
        XCTAssertEqual(failure("[a.b]\n[a]\nb.c = 1"), "c.toml:3:1: the table 'a.b' is defined by a header and cannot be extended with dotted keys")
        XCTAssertEqual(failure("a = { b = 1 }\na.c = 2"), "c.toml:2:1: the inline table 'a' cannot be extended")
        XCTAssertEqual(failure("a = { b = 1 }\n[a.c]"), "c.toml:2:2: the inline table 'a' cannot be extended")
        XCTAssertEqual(failure("a = { b = { c = 1 } }\n[a.b]"), "c.toml:2:2: the inline table 'a' cannot be extended")
    }

    func testHeaderErrors() {
        XCTAssertEqual(failure("[[palette]]"), "c.toml:1:1: arrays of tables ([[…]]) are not supported in this file")
        XCTAssertEqual(failure("[aliases"), "c.toml:1:9: expected ']' to close the table header")
        XCTAssertEqual(failure("[]"), "c.toml:1:2: expected a key (letters, digits, '_' and '-', or a quoted string)")
        XCTAssertEqual(failure("[a] b = 1"), "c.toml:1:5: expected the end of the line after a table header")
    }

    func testInvalidUTF8() {
        XCTAssertEqual(read(Array("a = \"".utf8) + [0xC3, 0x28, 0x22]), "c.toml:1:6: the file is not valid UTF-8")
        // An encoded surrogate, an overlong form, a truncated sequence, a byte that never starts one.
        XCTAssertEqual(read(Array("# x\nb = \"".utf8) + [0xED, 0xA0, 0x80, 0x22]), "c.toml:2:6: the file is not valid UTF-8")
        XCTAssertEqual(read(Array("a = 'é".utf8) + [0xC0, 0xAF, 0x27]), "c.toml:1:7: the file is not valid UTF-8")
        XCTAssertEqual(read(Array("a = '".utf8) + [0xF0, 0x9F, 0x98]), "c.toml:1:6: the file is not valid UTF-8")
        XCTAssertEqual(read([0xFF]), "c.toml:1:1: the file is not valid UTF-8")
    }

    func testErrorTextWithoutPosition() {
        XCTAssertEqual(LocatedError(file: "x.toml", reason: "no such configuration file").description, "x.toml: no such configuration file")
    }
}
