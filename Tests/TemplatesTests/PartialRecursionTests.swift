import ByteOutput
import XCTest

@testable import Templates

/// Templates that include themselves: the Mustache spec's recursion, which the data ends, renders;
/// a cycle of tags outside sections is refused when the library is made; a cycle the data does not
/// end stops at `TemplateLibrary.maximumDepth` with an error naming it; sections nest at most
/// `Template.maximumSectionDepth` deep. None of them runs out of stack.
final class PartialRecursionTests: XCTestCase {
    typealias LinkError = TemplateLibrary.LinkError

    func library(_ texts: [String: String], missingPartials: TemplateLibrary.MissingPartials = .error) throws -> TemplateLibrary {
        try TemplateLibrary(texts.mapValues { try Template($0) }, escaping: .html, missingPartials: missingPartials)
    }

    func linkError(_ texts: [String: String], missingPartials: TemplateLibrary.MissingPartials = .error) throws -> LinkError? {
        do {
            _ = try library(texts, missingPartials: missingPartials)
            return nil
        } catch let error as LinkError {
            return error
        }
    }

    /// A tree `levels` deep, as the spec's test data: each node has `content` and `nodes`.
    func tree(_ levels: Int) -> TemplateValue {
        var node = TemplateValue.object(["content": .text("\(levels)"), "nodes": .list([])])
        for level in stride(from: levels - 1, through: 1, by: -1) { node = .object(["content": .text("\(level)"), "nodes": .list([node])]) }
        return node
    }

    static let node = "{{content}}<{{#nodes}}{{>node}}{{/nodes}}>"

    func testTheSpecsRecursionRendersWhereTheDataEndsIt() throws {
        // "Partials - Recursion", in a library that refuses missing partials, as the site's.
        let spec = try library(["main": "{{>node}}", "node": Self.node])
        let out = ByteBuffer(capacity: 64)
        let data: TemplateValue = .object(["content": .text("X"), "nodes": .list([.object(["content": .text("Y"), "nodes": .list([])])])])
        XCTAssertTrue(try spec.render("main", data, into: out))
        XCTAssertEqual(out.text, "X<Y<>>")
        // 128 levels (a partial and a section each) are the most that fit in 256.
        let deep = ByteBuffer(capacity: 8192)
        XCTAssertTrue(try spec.render("main", tree(128), into: deep))
        XCTAssertTrue(deep.text.hasPrefix("1<2<3<") && deep.text.hasSuffix("127<128<>>" + String(repeating: ">", count: 126)), deep.text)
        XCTAssertThrowsError(try spec.render("main", tree(129), into: ByteBuffer(capacity: 8192))) { error in
            XCTAssertEqual(error as? TemplateLibrary.RecursionError, .init(template: "node", line: 1, column: 26, cycle: ["node", "node"]))
        }
    }

    func testACycleOutsideSectionsIsAnErrorAtItsFirstTag() throws {
        XCTAssertEqual(try linkError(["a": "x\n {{> a}}"]), LinkError(template: "a", line: 2, column: 6, problem: .cycle(["a", "a"])))
        // Found from the first template by name, whichever template the walk starts from; tags
        // inside sections (normal or inverted) do not count.
        let three = ["c": "{{> a}}", "b": "{{#x}}{{> a}}{{/x}}{{^y}}{{> a}}{{/y}}\n\n   {{>c}}", "a": "{{> d}}{{> b}}", "d": "leaf"]
        XCTAssertEqual(try linkError(three), LinkError(template: "a", line: 1, column: 12, problem: .cycle(["a", "b", "c", "a"])))
        XCTAssertEqual(
            try linkError(three, missingPartials: .renderNothing), LinkError(template: "a", line: 1, column: 12, problem: .cycle(["a", "b", "c", "a"])))
        // A missing partial is reported first, as before.
        XCTAssertEqual(try linkError(["a": "{{> a}}{{> ghost}}"])?.problem, .missingPartial("ghost"))
        // The same cycle with one tag inside a section is allowed.
        XCTAssertNil(try linkError(["c": "{{#more}}{{> a}}{{/more}}", "b": "{{>c}}", "a": "{{> d}}{{> b}}", "d": "leaf"]))
    }

    func testACycleTheDataDoesNotEndStopsAtTheDepthLimit() throws {
        // A section over `true`, or over a list that each element does not replace, finds the
        // same value at every depth: the context stack is searched outwards.
        let library = try library(["main": "[{{> a}}]", "a": "{{#on}}a{{> b}}{{/on}}", "b": "{{#list}}b{{> a}}{{/list}}"])
        let out = ByteBuffer(capacity: 1024)
        XCTAssertThrowsError(try library.render("main", .object(["on": .flag(true), "list": .list([.number(1)])]), into: out)) { error in
            XCTAssertEqual(error as? TemplateLibrary.RecursionError, .init(template: "a", line: 1, column: 13, cycle: ["a", "b", "a"]))
        }
        XCTAssertEqual(out.text, "[" + String(repeating: "ab", count: 63) + "a")
    }

    /// Without a template met twice, the error names the whole chain of partials.
    func testAChainOfPartialsTooDeepIsNamedWhole() throws {
        var texts = ["main": "{{> p0}}", "p200": "end"]
        for index in 0..<200 { texts["p\(index)"] = "{{#on}}{{> p\(index + 1)}}{{/on}}" }
        XCTAssertThrowsError(try library(texts).render("main", .object(["on": .flag(true)]), into: ByteBuffer(capacity: 16))) { error in
            XCTAssertEqual(error as? TemplateLibrary.RecursionError, .init(template: "main", line: 1, column: 5, cycle: ["main"] + (0...127).map { "p\($0)" }))
        }
    }

    func testSectionsNestAtMostAHundredDeep() throws {
        let hundred = String(repeating: "{{#a}}", count: 100) + "x" + String(repeating: "{{/a}}", count: 100)
        XCTAssertNoThrow(try Template(hundred))
        let deeper = "\n" + String(repeating: "{{#a}}", count: 100) + "{{^b}}x{{/b}}" + String(repeating: "{{/a}}", count: 100)
        XCTAssertThrowsError(try Template(deeper)) { error in
            let error = error as! Template.ParseError
            XCTAssertEqual("\(error.line):\(error.column): \(error.reason)", "2:601: sections are nested more than 100 deep")
        }
    }
}
