import ByteOutput
import XCTest

@testable import Templates

/// The Mustache dialect of `Template` and `TemplateLibrary`: each case is a template, a view
/// model and the exact output.
final class TemplateEngineTests: XCTestCase {
    func render(
        _ text: String, _ model: TemplateObject, partials: [String: String] = [:], escaping: TemplateEscaping = .html,
        file: StaticString = #filePath, line: UInt = #line
    ) -> String {
        do {
            var templates = ["main": try Template(text)]
            for (name, partial) in partials { templates[name] = try Template(partial) }
            let out = ByteBuffer(capacity: 16)
            XCTAssertTrue(try TemplateLibrary(templates, escaping: escaping).render("main", .object(model), into: out), file: file, line: line)
            return out.text
        } catch {
            XCTFail("\(error)", file: file, line: line)
            return ""
        }
    }

    func failure(_ text: String) -> Template.ParseError? {
        do {
            _ = try Template(text)
            return nil
        } catch {
            return error
        }
    }

    func testVariablesAndEscaping() {
        let model: TemplateObject = ["name": .text(#"<a href="x">Tom & 'Jo'</a>"#), "count": .number(-12), "on": .flag(true), "off": .flag(false)]
        XCTAssertEqual(
            render("{{name}}|{{{name}}}|{{& name}}|{{ count }}|{{on}} {{off}}|{{missing}}.", model),
            #"&lt;a href=&quot;x&quot;&gt;Tom &amp; &#39;Jo&#39;&lt;/a&gt;|<a href="x">Tom & 'Jo'</a>|<a href="x">Tom & 'Jo'</a>|-12|true false|."#)
        XCTAssertEqual(render("{{name}}", ["name": .text("# *a* | b\nc")], escaping: .markdown), ##"\# \*a\* \| b c"##)
        XCTAssertEqual(render("[{{list}}][{{object}}][{{null}}]", ["list": .list([.text("a")]), "object": .object(["a": .text("b")]), "null": .null]), "[][][]")
    }

    func testDottedNamesAndTheContextStack() {
        let model: TemplateObject = [
            "title": .text("outer"),
            "person": .object(["name": .text("Ada"), "team": .object(["name": .text("Core")])]),
            "items": .list([.object(["name": .text("one")]), .object(["title": .text("own")]), .text("plain")])
        ]
        XCTAssertEqual(render("{{person.name}} of {{person.team.name}}; {{person.title}}; {{person.missing.name}}.", model), "Ada of Core; ; .")
        // Names not on an element are found further out; a leading dot looks only at the element.
        XCTAssertEqual(render("{{#items}}[{{name}} {{title}} {{.title}} {{.}}]{{/items}}", model), "[one outer  ][ own own ][ outer  plain]")
        XCTAssertEqual(render("{{#person}}{{name}}/{{title}}{{/person}}", model), "Ada/outer")
    }

    func testSectionsAndInvertedSections() {
        let model: TemplateObject = [
            "yes": .flag(true), "no": .flag(false), "empty": .list([]), "text": .text(""), "zero": .number(0), "null": .null,
            "numbers": .list([.number(1), .number(2), .number(3)])
        ]
        XCTAssertEqual(
            render(
                "{{#yes}}Y{{/yes}}{{#no}}N{{/no}}{{#empty}}E{{/empty}}{{#text}}T{{/text}}{{#zero}}0{{/zero}}{{#null}}U{{/null}}{{#missing}}M{{/missing}}", model
            ), "YT0")
        XCTAssertEqual(
            render(
                "{{^yes}}Y{{/yes}}{{^no}}N{{/no}}{{^empty}}E{{/empty}}{{^text}}T{{/text}}{{^zero}}0{{/zero}}{{^null}}U{{/null}}{{^missing}}M{{/missing}}", model
            ), "NEUM")
        XCTAssertEqual(render("{{#numbers}}<{{.}}>{{/numbers}}", model), "<1><2><3>")
        XCTAssertEqual(render("{{#numbers}}{{#yes}}{{.}}{{/yes}}{{/numbers}}", model), "123")
    }

    func testStandaloneLinesAreRemoved() {
        let model: TemplateObject = ["list": .list([.text("a"), .text("b")]), "no": .flag(false)]
        XCTAssertEqual(render("<ul>\n  {{#list}}\n  <li>{{.}}</li>\n  {{/list}}\n</ul>\n", model), "<ul>\n  <li>a</li>\n  <li>b</li>\n</ul>\n")
        XCTAssertEqual(render("a\n  {{! a comment }}  \nb\n{{^no}}\r\nc\r\n{{/no}}\r\nd", model), "a\nb\nc\r\nd")
        // Not standalone: text before or after the tag keeps the line.
        XCTAssertEqual(render("x {{#list}}\n{{.}}{{/list}} y\n", model), "x \na\nb y\n")
        XCTAssertEqual(render("  {{! kept }} x\n", model), "   x\n")
        // The last line needs no line break.
        XCTAssertEqual(render("a\n{{#list}}{{.}}{{/list}}\n  {{! end }}", model), "a\nab\n")
    }

    func testPartials() {
        let model: TemplateObject = ["name": .text("Ada"), "list": .list([.object(["name": .text("one")]), .object(["name": .text("two")])])]
        XCTAssertEqual(render("<{{> item}}>{{#list}}[{{> item}}]{{/list}}", model, partials: ["item": "{{name}}"]), "<Ada>[one][two]")
        // A standalone partial tag indents every line of the partial by the whitespace before it.
        XCTAssertEqual(render("<div>\n  {{> lines}}\n</div>\n", model, partials: ["lines": "<p>\n{{name}}\n</p>\n"]), "<div>\n  <p>\n  Ada\n  </p>\n</div>\n")
        // Partials may recurse through data.
        let tree: TemplateObject = ["name": .text("root"), "children": .list([.object(["name": .text("leaf"), "children": .list([])])])]
        XCTAssertEqual(render("{{> node}}", tree, partials: ["node": "({{name}}{{#children}}{{> node}}{{/children}})"]), "(root(leaf))")
    }

    func testAPartialOfNoTemplateIsAnErrorAtItsTag() throws {
        let templates = [
            "main": try Template("<ul>\n  {{#list}}{{>  item }}{{/list}}\n  é {{> ghost}}\n</ul>\n"), "item": try Template("{{> item-part}}"),
            "item-part": try Template("{{.}}")
        ]
        XCTAssertThrowsError(try TemplateLibrary(templates, escaping: .html)) { error in
            XCTAssertEqual(
                error as? TemplateLibrary.LinkError, TemplateLibrary.LinkError(template: "main", line: 3, column: 9, problem: .missingPartial("ghost")))
        }
        // Templates are checked in name order, their tags in text order.
        let two = ["b": try Template("{{> x}}"), "a": try Template("\n{{> y}}{{> z}}")]
        XCTAssertThrowsError(try TemplateLibrary(two, escaping: .markdown)) { error in
            XCTAssertEqual(error as? TemplateLibrary.LinkError, TemplateLibrary.LinkError(template: "a", line: 2, column: 5, problem: .missingPartial("y")))
        }
    }

    func testDelimitersCanChange() {
        XCTAssertEqual(render("{{=<% %>=}}\n<% name %> {{name}} <%={{ }}=%>{{name}}", ["name": .text("x")]), "x {{name}} x")
    }

    func testErrorsNameTheLineAndColumn() {
        func check(_ text: String, _ line: Int, _ column: Int, _ reason: String, file: StaticString = #filePath, sourceLine: UInt = #line) {
            guard let error = failure(text) else { return XCTFail("parsed: \(text)", file: file, line: sourceLine) }
            XCTAssertEqual("\(error.line):\(error.column): \(error.reason)", "\(line):\(column): \(reason)", file: file, line: sourceLine)
        }
        check("a\n{{#open}}\nb", 3, 2, "{{#open}} is not closed")
        check("{{#a}}\n  {{/b}}", 2, 6, "{{/b}} closes {{#a}}")
        check("x {{/a}}", 1, 6, "{{/a}} closes no section")
        check("é {{name", 1, 9, "the tag is not closed by }} or holds a character a name cannot")
        check("{{na me}}", 1, 6, "the tag is not closed by }} or holds a character a name cannot")
        check("{{{name}}", 1, 10, "{{{ is not closed by }}}")
        check("{{! open", 1, 1, "a comment is not closed")
        check("{{= | =}}", 1, 1, "a delimiter change is written {{=<% %>=}}")
        check("\n {{uppercased(name)}}", 2, 4, "transforms such as uppercased(name) are not supported")
        check("{{<base}}{{/base}}", 1, 1, "template inheritance ({{<parent}}, {{$block}}) is not supported")
        check("{{% CONTENT_TYPE: TEXT }}", 1, 1, "pragmas ({{% … }}) are not supported")
        check("{{>*dynamic}}", 1, 4, "dynamic partials ({{>*name}}) are not supported")
        check("{{}}", 1, 3, "the tag has no name")
    }

    func testLongAndShortNamesAreDistinct() {
        XCTAssertEqual(TemplateName("abcdefghijklmnop").description, "abcdefghijklmnop")
        XCTAssertNotEqual(TemplateName("abcdefghijklmnopq"), TemplateName("abcdefghijklmnopr"))
        XCTAssertEqual(TemplateName("abcdefghijklmnopqrstu"), "abcdefghijklmnopqrstu")
        XCTAssertNotEqual(TemplateName("a"), TemplateName("a\0"))
        XCTAssertEqual(
            render("{{abcdefghijklmnopqrstu}}{{abcdefghijklmnopqrstv}}", ["abcdefghijklmnopqrstu": .text("1"), "abcdefghijklmnopqrstv": .text("2")]), "12")
    }
}
