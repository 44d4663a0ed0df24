import XCTest

@testable import JSONReader
@testable import ReactionReportKit

/// A room walked element by element (its array deferred, as a large export's is), where what
/// an event is depends on events later in the array: the first pass's index must answer it.
extension MatrixImporterTests {
    func testLargeRoomWalkedEventByEventResolvesLaterEvents() throws {
        func event(_ type: String, _ id: String, _ sender: String, _ second: Int, _ rest: String) -> String {
            #"{"type":"\#(type)","event_id":"\#(id)","room_id":"!big:x","sender":"\#(sender)","origin_server_ts":\#(1_700_000_000_000 + second * 1000)\#(rest)}"#
        }
        func annotation(_ id: String, _ sender: String, _ second: Int, on target: String, _ key: String) -> String {
            event("m.reaction", id, sender, second, #","content":{"m.relates_to":{"rel_type":"m.annotation","event_id":"\#(target)","key":"\#(key)"}}"#)
        }
        var events: [String] = []
        // The cases first, each before the event that decides it.
        events.append(#"{"type":"m.room.redaction","event_id":"$undo-early","room_id":"!big:x","sender":"@b:x","redacts":"$r-late"}"#)
        events.append(annotation("$r-on-edit", "@c:x", 1, on: "$edit", "👀"))
        events.append(annotation("$meta", "@b:x", 2, on: "$r-target", "👍"))
        events.append(#"{"type":"m.room.redaction","event_id":"$undo-meta","room_id":"!big:x","sender":"@b:x","redacts":"$meta"}"#)
        events.append(event("m.room.message", "$m1", "@a:x", 3, #","content":{"body":"first"}"#))
        events.append(event("m.room.message", "$m2", "@a:x", 4, #","content":{"body":"second"}"#))
        events.append(annotation("$r-late", "@b:x", 5, on: "$m1", "🎉"))
        events.append(annotation("$r-target", "@c:x", 6, on: "$m1", "🎉"))
        events.append(annotation("$r-kept", "@d:x", 7, on: "$m1", "🎉"))
        let edit = #","content":{"body":"* second!","m.new_content":{"body":"second!"},"m.relates_to":{"rel_type":"m.replace","event_id":"$m2"}}"#
        events.append(event("m.room.message", "$edit", "@a:x", 8, edit))
        events.append(#"{"type":"m.room.redaction","event_id":"$undo-after","room_id":"!big:x","sender":"@d:x","redacts":"$r-kept"}"#)
        // Then many plain messages with a reaction each, so that the array is large.
        for number in 0..<2000 {
            events.append(event("m.room.message", "$p\(number)", "@a:x", 100 + number, #","content":{"body":"p\#(number)"}"#))
            events.append(annotation("$pr\(number)", "@b:x", 100 + number, on: "$p\(number)", "👍"))
        }
        let bytes = Array(("[\n" + events.joined(separator: ",\n") + "\n]").utf8)
        let document = try InputDocument.parse(bytes, name: "big.json", deferringArraysFrom: 1)
        guard case .deferredArray = document.root else { return XCTFail("the room's array is not deferred") }
        let ledger = ReactionLedger()
        try MatrixImporter().read(document, as: MatrixImporter.events, into: ImportSink(ledger: ledger, fileName: "big.json", platform: .matrix))
        let result = ledger.summarize()

        XCTAssertEqual(result.messages.count, 2002)
        let (first, second) = (result.messages[0], result.messages[1])
        // $r-late is cancelled by a redaction written before it, $r-kept by one written after it;
        // $r-target, which $meta annotates (and is ignored), still counts.
        XCTAssertEqual(first.id, "$m1")
        XCTAssertEqual(TestSupport.reactions(first), ["🎉 1 [@c:x] complete"])
        // The annotation of the edit, written before the edit, counts on the original.
        XCTAssertEqual(second.id, "$m2")
        XCTAssertEqual(second.text, "second!")
        XCTAssertEqual(TestSupport.reactions(second), ["👀 1 [@c:x] complete"])
        XCTAssertEqual(result.messages.last.map(TestSupport.reactions), ["👍 1 [@b:x] complete"])
        XCTAssertEqual(result.messages.map(\.reactionCount).reduce(0, +), 2002)
        XCTAssertEqual(
            result.diagnostics.examples[.skippedRecord]?.map(\.text),
            ["big.json: reaction $meta annotates another reaction ($r-target); ignored, as the specification says"])
        // The redaction of the ignored $meta cancels nothing: no removal without an add.
        XCTAssertEqual(TestSupport.diagnostics(result), ["skipped-record": 1])
    }
}
