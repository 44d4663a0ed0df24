import ByteOutput
import Foundation
import Templates
import XCTest

@testable import ReactionReportKit

/// The Mustache spec's core modules (`Fixtures/conformance/mustache-spec/specs/`: interpolation,
/// sections, inverted, partials, comments, delimiters; 136 tests) rendered with the project's
/// template engine: each test's template, with its partials, over its data must give its
/// `expected` text byte for byte. The optional modules (`~lambdas`, `~inheritance`,
/// `~dynamic-names`) are not copied: the engine refuses those features by design.
final class MustacheConformanceTests: XCTestCase {
    /// The name the test's own template is compiled under; no spec partial is called this.
    static let templateName = "(spec test)"

    /// The one place these tests call the template engine: `template` compiled together with
    /// `partials`, rendered over `data` with HTML escaping (as the spec's `{{name}}` expects) and
    /// a partial naming no template rendered as nothing (as the spec says; the site's templates
    /// make that an error instead).
    static func render(_ template: String, partials: [String: String], data: TemplateValue) throws -> String {
        var templates = [templateName: try Template(template)]
        for (name, text) in partials { templates[name] = try Template(text) }
        let out = ByteBuffer(capacity: 256)
        guard try TemplateLibrary(templates, escaping: .html, missingPartials: .renderNothing).render(templateName, data, into: out) else {
            throw LocatedError(file: templateName, reason: "no such template")
        }
        return out.text
    }

    static let modules = ["interpolation", "sections", "inverted", "partials", "comments", "delimiters"]

    func testCoreModules() throws {
        var passed: [String: Int] = [:]
        var failed: [String] = []
        for module in Self.modules {
            let file = try JSONDecoder().decode(SpecFile.self, from: Data(TestSupport.fixture("conformance/mustache-spec/specs/\(module).json")))
            for test in file.tests {
                XCTAssertNil(test.partials?[Self.templateName])
                let output: String
                do {
                    output = try Self.render(test.template, partials: test.partials ?? [:], data: test.data.templateValue)
                } catch {
                    failed.append("\(module): \(test.name): \(error)")
                    continue
                }
                // Byte for byte: String's == would take canonically equivalent text as equal.
                if Array(output.utf8) == Array(test.expected.utf8) {
                    passed[module, default: 0] += 1
                } else {
                    failed.append("\(module): \(test.name): expected \(test.expected.debugDescription), got \(output.debugDescription)")
                }
            }
        }
        XCTAssertEqual(failed, [])
        XCTAssertEqual(passed, ["interpolation": 42, "sections": 34, "inverted": 22, "partials": 12, "comments": 12, "delimiters": 14])
        XCTAssertEqual(passed.values.reduce(0, +), 136)
    }

    // MARK: The spec files

    struct SpecFile: Decodable {
        var tests: [SpecTest]
    }

    struct SpecTest: Decodable {
        var name: String
        var data: SpecJSON
        var template: String
        var partials: [String: String]?
        var expected: String
    }

    /// A JSON value of a test's `data`, read with its type.
    indirect enum SpecJSON: Decodable {
        case null
        case boolean(Bool)
        case integer(Int)
        case decimal(Double)
        case string(String)
        case array([SpecJSON])
        case object([String: SpecJSON])

        init(from decoder: Decoder) throws {
            let container = try decoder.singleValueContainer()
            if container.decodeNil() {
                self = .null
            } else if let flag = try? container.decode(Bool.self) {
                self = .boolean(flag)
            } else if let number = try? container.decode(Int.self) {
                self = .integer(number)
            } else if let number = try? container.decode(Double.self) {
                self = .decimal(number)
            } else if let text = try? container.decode(String.self) {
                self = .string(text)
            } else if let elements = try? container.decode([SpecJSON].self) {
                self = .array(elements)
            } else {
                self = .object(try container.decode([String: SpecJSON].self))
            }
        }

        /// The value as a view model holds it. The engine prints integers only; a decimal
        /// becomes the text Swift writes for it, which for every decimal of the core modules
        /// (1.21, 1.1, 2.2, 3.3, 4.4, 5.5) is the text the spec expects.
        var templateValue: TemplateValue {
            switch self {
            case .null: return .null
            case .boolean(let flag): return .flag(flag)
            case .integer(let number): return .number(number)
            case .decimal(let number): return .text(String(number))
            case .string(let text): return .text(text)
            case .array(let elements): return .list(elements.map(\.templateValue))
            case .object(let members):
                var object = TemplateObject(capacity: members.count)
                for key in members.keys.sorted() { object.append(TemplateName(key), members[key]!.templateValue) }
                return .object(object)
            }
        }
    }
}
