import XCTest

@testable import ReactionReportKit

/// A viewer no one in the inputs is: whom the id most likely means.
final class ViewerMatchTests: XCTestCase {
    typealias Person = ViewerMatch.Person

    let people = [
        Person(id: "U1", name: "Ada Okafor"), Person(id: "U2", name: "Bo Lindqvist"), Person(id: "U3"),
        Person(id: "U10", name: "Adams Chen"), Person(id: "W7", name: "bo.ito")
    ]

    func testAnExactIdIsFound() {
        XCTAssertEqual(ViewerMatch.check("U1", among: people), .found)
        XCTAssertEqual(ViewerMatch.check("U3", among: people), .found)
    }

    func testAnIdInOtherCaseOrANameComesFirst() {
        XCTAssertEqual(ViewerMatch.check("u1", among: people), .missing(closest: [people[0]]))
        XCTAssertEqual(ViewerMatch.check("u", among: people), .missing(closest: [people[0], people[1], people[2]]))
        XCTAssertEqual(ViewerMatch.check("ada okafor", among: people), .missing(closest: [people[0]]))
        // A word of a name, then a name that starts with it.
        XCTAssertEqual(ViewerMatch.check("ada", among: people), .missing(closest: [people[0], people[3]]))
        XCTAssertEqual(ViewerMatch.check("Bo", among: people), .missing(closest: [people[1], people[4]]))
        XCTAssertEqual(ViewerMatch.check("okafor", among: people), .missing(closest: [people[0]]))
    }

    func testSlipsOfTheTypingNearestFirst() {
        XCTAssertEqual(ViewerMatch.check("U9", among: people), .missing(closest: [people[0], people[1], people[2]]))
        XCTAssertEqual(ViewerMatch.check("U9", among: people, limit: 1), .missing(closest: [people[0]]))
        XCTAssertEqual(ViewerMatch.check("Lindqvsit", among: people), .missing(closest: [people[1]]))
        XCTAssertEqual(ViewerMatch.check("zelda", among: people), .missing(closest: []))
        XCTAssertEqual(ViewerMatch.check(" ", among: people), .missing(closest: []))
        XCTAssertEqual(ViewerMatch.check("U1", among: []), .missing(closest: []))
    }

    func testAPersonIsShownByIdAndName() {
        XCTAssertEqual(people[0].description, "U1 (Ada Okafor)")
        XCTAssertEqual(people[2].description, "U3")
    }

    func testThePeopleOfAReportAreItsAuthorsReactorsAndNamedPeople() throws {
        let folder = try TestSupport.temporaryFolder()
        let files = [
            "channels.json": #"[{"id":"C1","name":"general","members":["U1","U2","U3"]}]"#,
            "users.json": #"[{"id":"U1","name":"ada","real_name":"Ada Okafor"},{"id":"U3","name":"cy","real_name":"Cy Park"}]"#,
            "general/2026-03-18.json":
                #"[{"type":"message","user":"U1","text":"hi","ts":"1773824400.000100","reactions":[{"name":"+1","users":["U2"],"count":1}]}]"#
        ]
        for (name, text) in files {
            let file = folder.appendingPathComponent("slack/" + name)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: file)
        }
        let outcome = try ReportBuild(inputs: [folder.appendingPathComponent("slack").path], options: BuildOptions()).inspect()
        // U1 wrote, U2 reacted (no name given), U3 is only in users.json.
        let everyone = ViewerMatch.people(of: outcome.analysis)
        XCTAssertEqual(everyone, [Person(id: "U1", name: "Ada Okafor"), Person(id: "U2"), Person(id: "U3", name: "Cy Park")])
        XCTAssertEqual(ViewerMatch.check("cy", among: everyone), .missing(closest: [Person(id: "U3", name: "Cy Park")]))
        XCTAssertEqual(ViewerMatch.check("U2", among: everyone), .found)
    }
}
