import ParallelWork
import ProgramRunner
import XCTest
@testable import ReactionReportKit

/// The ledger's rules, fact by fact (product.md §1.1).
final class ReactionLedgerTests: XCTestCase {
    let target = MessageTarget(platform: .pubnub, conversationID: "c", messageID: "17300000000000000")

    func ledger() -> ReactionLedger {
        let ledger = ReactionLedger()
        _ = ledger.beginFile("a.json")
        _ = ledger.beginFile("b.json")
        ledger.record(ImportedMessage(platform: .pubnub, conversationID: "c", id: "17300000000000000", sentAt: Timestamp.timetoken("17300000000000000")))
        return ledger
    }

    func add(_ value: String, _ user: String, ref: String?, at: String? = nil, file: Int = 0, to ledger: ReactionLedger) {
        ledger.record(
            .add(target: target, value: ReactionValue(value), reactor: user, reactorName: nil, at: at.flatMap(Timestamp.timetoken), ref: ref), file: file)
    }

    func testDuplicateAddCountsOnceAndKeepsTheEarliestTime() {
        let ledger = ledger()
        add("👍", "bob", ref: "1", at: "17300000000000900", to: ledger)
        add("👍", "bob", ref: "2", at: "17300000000000500", to: ledger)
        let result = ledger.summarize()
        XCTAssertEqual(TestSupport.reactions(result.messages[0]), ["👍 1 [bob] complete"])
        XCTAssertEqual(result.messages[0].reactions[0].reactors[0].at?.rfc3339, "2024-10-27T03:33:20.0000500Z")
        XCTAssertEqual(TestSupport.diagnostics(result), ["duplicate-add": 1])
    }

    func testTheSameAddInTwoOverlappingFilesIsOneReactionWithoutDiagnostic() {
        let ledger = ledger()
        add("👍", "bob", ref: "1", file: 0, to: ledger)
        add("👍", "bob", ref: "1", file: 1, to: ledger)
        let result = ledger.summarize()
        XCTAssertEqual(TestSupport.reactions(result.messages[0]), ["👍 1 [bob] complete"])
        XCTAssertEqual(TestSupport.diagnostics(result), [:])
    }

    func testRemovalBeforeItsAddStillCancelsIt() {
        let ledger = ledger()
        ledger.record(.remove(platform: .pubnub, ref: "1"), file: 0)
        add("👍", "bob", ref: "1", to: ledger)
        add("👍", "carol", ref: "2", to: ledger)
        let result = ledger.summarize()
        XCTAssertEqual(TestSupport.reactions(result.messages[0]), ["👍 1 [carol] complete"])
        XCTAssertEqual(TestSupport.diagnostics(result), [:])
    }

    func testRemovalOfOneDuplicateLeavesTheReactorCounted() {
        let ledger = ledger()
        add("❤", "bob", ref: "1", to: ledger)
        add("❤️", "bob", ref: "2", to: ledger)
        ledger.record(.remove(platform: .pubnub, ref: "1"), file: 0)
        let result = ledger.summarize()
        XCTAssertEqual(TestSupport.reactions(result.messages[0]), ["❤ 1 [bob] complete"])
        XCTAssertEqual(result.messages[0].reactions[0].emoji.display, "❤️")
        XCTAssertEqual(TestSupport.diagnostics(result), [:])
    }

    func testRemovalWithNoAddIsADiagnostic() {
        let ledger = ledger()
        ledger.record(.remove(platform: .pubnub, ref: "17300000000000000/9/dan"), file: 1)
        let result = ledger.summarize()
        XCTAssertEqual(TestSupport.reactions(result.messages[0]), [])
        XCTAssertEqual(result.diagnostics.examples[.removalWithoutAdd]?.first?.text, "b.json: PubNub: removal of 17300000000000000/9/dan matches no add")
    }

    func testManyReactorsOnOneEmojiAreEachCountedOnceInTimeOrder() {
        let ledger = ledger()
        // Added newest first, with a duplicate of every tenth: the first reactor is kept
        // inline and the rest in a table, and the order comes from the times alone.
        for n in stride(from: 300, through: 1, by: -1) {
            add("🎉", "u\(n)", ref: "r\(n)", at: "173000000000\(String(format: "%05d", n))", to: ledger)
            if n % 10 == 0 { add("🎉", "u\(n)", ref: "r\(n)", at: "173000000000\(String(format: "%05d", n + 1))", file: 1, to: ledger) }
        }
        let result = ledger.summarize()
        let reaction = result.messages[0].reactions[0]
        XCTAssertEqual(reaction.count, 300)
        XCTAssertEqual(reaction.reactors.map(\.id), (1...300).map { "u\($0)" })
        XCTAssertEqual(reaction.reactors[9].at, Timestamp.timetoken("17300000000000010"))
        XCTAssertEqual(TestSupport.diagnostics(result), [:])
    }

    /// Values with one key can resolve to emoji that differ (two custom emoji of one name from
    /// different servers, with their own images): each message's reaction keeps the emoji of its
    /// own first fact, not the first one the ledger met.
    func testEachReactionKeepsTheEmojiOfItsOwnFirstFact() {
        let ledger = ReactionLedger()
        _ = ledger.beginFile("a.json")
        let second = MessageTarget(platform: .pubnub, conversationID: "c", messageID: "17300000000000001")
        for id in [target.messageID, second.messageID] {
            ledger.record(ImportedMessage(platform: .pubnub, conversationID: "c", id: id, sentAt: Timestamp.timetoken(id)))
        }
        for (messageTarget, image) in [(target, "https://cdn.example/1.png"), (second, "https://cdn.example/2.png"), (target, "https://cdn.example/2.png")] {
            ledger.record(
                .add(
                    target: messageTarget, value: ReactionValue("party", style: .custom(id: image, image: image)),
                    reactor: image == "https://cdn.example/1.png" ? "bob" : "carol", reactorName: nil, at: nil, ref: nil), file: 0)
        }
        let result = ledger.summarize()
        XCTAssertEqual(result.messages.map { $0.reactions.map(\.emoji.image) }, [["https://cdn.example/1.png"], ["https://cdn.example/2.png"]])
        XCTAssertEqual(TestSupport.reactions(result.messages[0]), [":party: 2 [bob,carol] complete"])
    }

    func testSameUserWithTwoEmojiCountsForBoth() {
        let ledger = ledger()
        add("👍", "bob", ref: "1", at: "17300000000000001", to: ledger)
        add("🎉", "bob", ref: "2", at: "17300000000000002", to: ledger)
        XCTAssertEqual(TestSupport.reactions(ledger.summarize().messages[0]), ["👍 1 [bob] complete", "🎉 1 [bob] complete"])
    }

    func testTotalsAboveListedReactorsMakeTheReactionIncomplete() {
        let ledger = ledger()
        ledger.record(.total(target: target, value: ReactionValue("👍"), count: 49, firstAt: nil), file: 0)
        add("👍", "bob", ref: nil, to: ledger)
        add("👍", "carol", ref: nil, to: ledger)
        let result = ledger.summarize()
        XCTAssertEqual(TestSupport.reactions(result.messages[0]), ["👍 49 [bob,carol] incomplete"])
        XCTAssertEqual(result.messages[0].reactionCount, 49)
    }

    func testReactorListLongerThanTheCountIsADiagnosticAndTheListWins() {
        let ledger = ledger()
        ledger.record(.total(target: target, value: ReactionValue("👍"), count: 1, firstAt: nil), file: 0)
        add("👍", "bob", ref: nil, to: ledger)
        add("👍", "carol", ref: nil, to: ledger)
        let result = ledger.summarize()
        XCTAssertEqual(TestSupport.reactions(result.messages[0]), ["👍 2 [bob,carol] complete"])
        XCTAssertEqual(TestSupport.diagnostics(result), ["reactors-exceed-count": 1])
    }

    func testReactionForAMissingMessageAndInvalidValuesAreDiagnostics() {
        let ledger = ledger()
        ledger.record(
            .add(
                target: MessageTarget(platform: .pubnub, conversationID: nil, messageID: "999"), value: ReactionValue("👍"),
                reactor: "bob", reactorName: nil, at: nil, ref: "x"), file: 0)
        add("  ", "bob", ref: "y", to: ledger)
        add("👍", "", ref: "z", to: ledger)
        let result = ledger.summarize()
        XCTAssertEqual(TestSupport.diagnostics(result), ["reaction-without-message": 1, "invalid-reaction": 2])
    }

    /// Every reaction read is counted, removed or named: an invalid value's total and its
    /// listed reactors are named once, as many as the larger; adds without a reactor count where
    /// the total covers them and are named where it does not; reactions added and removed on a
    /// message not in the input are one diagnostic.
    func testEveryReactionReadIsAccountedFor() {
        let ledger = ledger()
        ledger.record(.total(target: target, value: ReactionValue(""), count: 3, firstAt: nil), file: 0)
        add("", "bob", ref: nil, to: ledger)
        add("", "carol", ref: nil, to: ledger)
        ledger.record(.total(target: target, value: ReactionValue("👍"), count: 2, firstAt: nil), file: 0)
        add("👍", "bob", ref: nil, to: ledger)
        add("👍", "", ref: nil, to: ledger)
        add("🎉", "", ref: nil, to: ledger)
        let elsewhere = MessageTarget(platform: .pubnub, conversationID: "c", messageID: "999")
        ledger.record(.add(target: elsewhere, value: ReactionValue("👀"), reactor: "dan", reactorName: nil, at: nil, ref: "a1"), file: 0)
        ledger.record(.add(target: elsewhere, value: ReactionValue("👀"), reactor: "erin", reactorName: nil, at: nil, ref: "a2"), file: 0)
        ledger.record(.remove(platform: .pubnub, ref: "a1"), file: 1)
        let result = ledger.summarize()
        XCTAssertEqual(result.messages.flatMap(TestSupport.reactions), ["👍 2 [bob] incomplete"])
        XCTAssertEqual(TestSupport.diagnostics(result), ["invalid-reaction": 5, "reaction-without-message": 1])
        XCTAssertEqual(
            result.diagnostics.examples[.reactionWithoutMessage]?.map(\.text),
            ["a.json: PubNub c message 999: 1 reaction(s) for a message not in the input (and 1 added and removed again)"])
        // 3 of an empty value, 2 👍 (one unnamed add covered by the total), 1 🎉 without a reactor, 2 👀.
        XCTAssertEqual(result.tallies[.pubnub], ReactionTally(read: 8, counted: 2, diagnosed: 5, removed: 1))
        XCTAssertTrue(result.tallies[.pubnub]!.isBalanced)
    }

    /// Reactions on messages missing from the input are reported one diagnostic per message, in
    /// target order, with their counts, before the diagnostics found while settling; the same
    /// whether or not some other target lacks its conversation (two ways of matching them).
    func testReactionsOnMissingMessagesOfKnownConversationsAreReportedInOrder() {
        func run(withConversationlessTarget: Bool) -> [String] {
            let ledger = ledger()
            func react(_ conversation: String?, _ message: String, _ user: String, _ value: String = "👍") {
                ledger.record(
                    .add(
                        target: MessageTarget(platform: .pubnub, conversationID: conversation, messageID: message),
                        value: ReactionValue(value), reactor: user, reactorName: nil, at: nil, ref: nil), file: 0)
            }
            react("d", "5", "bob")
            react("c", "9", "bob")
            react("c", "9", "carol", "🎉")
            react("c", "17300000000000000", "bob")
            ledger.record(.total(target: target, value: ReactionValue("👍"), count: 0, firstAt: nil), file: 0)
            react("c", "10", "dan")
            if withConversationlessTarget { react(nil, "17300000000000000", "erin") }
            let result = ledger.summarize()
            XCTAssertEqual(result.messages.count, 1)
            XCTAssertEqual(
                TestSupport.reactions(result.messages[0]),
                [withConversationlessTarget ? "👍 2 [bob,erin] complete" : "👍 1 [bob] complete"])
            let order: [Diagnostic.Kind] = [.reactionWithoutMessage, .reactorsExceedCount]
            return order.flatMap { result.diagnostics.examples[$0]?.map(\.text) ?? [] }
        }
        let expected = [
            "a.json: PubNub c message 10: 1 reaction(s) for a message not in the input",
            "a.json: PubNub c message 9: 2 reaction(s) for a message not in the input",
            "a.json: PubNub d message 5: 1 reaction(s) for a message not in the input"
        ]
        XCTAssertEqual(run(withConversationlessTarget: false), expected + ["a.json: PubNub message 17300000000000000 in c: 👍 lists 1 reactors but counts 0"])
        XCTAssertEqual(run(withConversationlessTarget: true), expected + ["a.json: PubNub message 17300000000000000 in c: 👍 lists 2 reactors but counts 0"])
    }

    /// Unknown reactors and the conversation list are found while settling, which runs in parts
    /// of 2,048 messages on several threads. On 6,000 messages sent in random order, each unknown
    /// user is reported once, where it first reacts in the report (read here straight off the
    /// settled messages), only for a platform with a user list; every conversation is listed
    /// once, by platform (in the order of their ids) and id, with the name an export gave it.
    func testUnknownUsersAndConversationsAcrossSettlingParts() {
        var generator = SplitMix(seed: 20261124)
        let ledger = ReactionLedger()
        let file = ledger.beginFile("export.json")
        ledger.declareDirectory(for: .slack)
        for user in stride(from: 0, to: 60, by: 4) { ledger.recordPerson(platform: .slack, id: "U\(user)", name: "User \(user)") }
        for conversation in 0..<9 where conversation % 3 != 0 {
            ledger.record(ConversationInfo(platform: .slack, id: "C\(conversation)", name: "room-\(conversation)"))
        }
        for number in 0..<6_000 {
            // Every tenth message is Mattermost's, whose export declared no user list.
            let platform: Platform = number % 10 == 0 ? .mattermost : .slack
            let conversation = "C\(Int.random(in: 0..<9, using: &generator))"
            let id = "m\(number)"
            ledger.record(
                ImportedMessage(
                    platform: platform, conversationID: conversation, id: id,
                    sentAt: Timestamp.unixSeconds(Int64.random(in: 1_700_000_000..<1_700_100_000, using: &generator))))
            for _ in 0..<Int.random(in: 0...2, using: &generator) {
                ledger.record(
                    .add(
                        target: MessageTarget(platform: platform, conversationID: conversation, messageID: id), value: ReactionValue("👍"),
                        reactor: "U\(Int.random(in: 0..<60, using: &generator))", reactorName: nil, at: nil, ref: nil), file: file)
            }
        }
        let result = ledger.summarize()
        var expected: [String] = []
        for message in result.messages where message.platform == .slack {
            for reaction in message.reactions {
                for reactor in reaction.reactors where Int(reactor.id.dropFirst())! % 4 != 0 {
                    let text = "Slack user \(reactor.id) is not in the export's user list"
                    if !expected.contains(where: { $0.hasPrefix(text + " ") }) {
                        expected.append(text + " (first seen reacting to message \(message.id) in \(message.conversationName))")
                    }
                }
            }
        }
        XCTAssertEqual(expected.count, 45)
        XCTAssertEqual(result.diagnostics.counts[.unknownUser], 45)
        XCTAssertEqual(result.diagnostics.examples[.unknownUser]?.map(\.detail), Array(expected.prefix(20)))
        XCTAssertEqual(
            result.conversations.map { "\($0.platform.rawValue) \($0.id) \($0.name ?? "-")" },
            (0..<9).map { "mattermost C\($0) -" } + (0..<9).map { "slack C\($0) \($0 % 3 == 0 ? "-" : "room-\($0)")" })
    }

    func testConversationlessTargetsJoinTheirMessageByID() {
        let ledger = ledger()
        ledger.record(
            .add(
                target: MessageTarget(platform: .pubnub, conversationID: nil, messageID: "17300000000000000"),
                value: ReactionValue("👍"), reactor: "bob", reactorName: "Bob", at: nil, ref: "1"), file: 0)
        add("👍", "bob", ref: "1", file: 1, to: ledger)
        let result = ledger.summarize()
        XCTAssertEqual(TestSupport.reactions(result.messages[0]), ["👍 1 [bob] complete"])
        XCTAssertEqual(result.messages[0].reactions[0].reactors[0].name, "Bob")
    }

    /// Adds without a reactor on a message named with and without its conversation are all
    /// read and named, whichever was recorded first: each is a fact of its own.
    func testAddsWithoutAReactorOnBothTargetsOfAMessageAreAllAccountedFor() {
        let bare = MessageTarget(platform: .pubnub, conversationID: nil, messageID: "17300000000000000")
        for bareFirst in [true, false] {
            let ledger = ledger()
            let bareAdds = {
                ledger.record(.add(target: bare, value: ReactionValue("🎉"), reactor: "", reactorName: nil, at: nil, ref: nil), file: 0)
                ledger.record(.add(target: bare, value: ReactionValue("🎉"), reactor: "bob", reactorName: nil, at: nil, ref: "1"), file: 0)
            }
            if bareFirst { bareAdds() }
            add("🎉", "", ref: nil, to: ledger)
            if !bareFirst { bareAdds() }
            let result = ledger.summarize()
            XCTAssertEqual(TestSupport.reactions(result.messages[0]), ["🎉 1 [bob] complete"])
            XCTAssertEqual(TestSupport.diagnostics(result), ["invalid-reaction": 2])
            XCTAssertEqual(result.tallies[.pubnub], ReactionTally(read: 3, counted: 1, diagnosed: 2, removed: 0), "bare target first: \(bareFirst)")
            XCTAssertTrue(result.tallies[.pubnub]!.isBalanced)
        }
    }

    /// Records kept for later count messages and runs of facts about one message, which size
    /// the ledger's tables; the hint changes nothing that is recorded.
    func testKeptRecordsCountMessagesAndTargetsAndTheHintChangesNothing() {
        let a = MessageTarget(platform: .slack, conversationID: "C1", messageID: "1")
        let b = MessageTarget(platform: .slack, conversationID: "C1", messageID: "2")
        var records = ImportRecords()
        records.message(ImportedMessage(platform: .slack, conversationID: "C1", id: "1", sentAt: Timestamp.unixSeconds(10)))
        records.message(ImportedMessage(platform: .slack, conversationID: "C1", id: "2", sentAt: Timestamp.unixSeconds(20)))
        records.reaction(.total(target: a, value: ReactionValue("+1", style: .shortcode), count: 2, firstAt: nil))
        records.reaction(.add(target: a, value: ReactionValue("+1", style: .shortcode), reactor: "U1", reactorName: nil, at: nil, ref: nil))
        records.reaction(.add(target: b, value: ReactionValue("heart", style: .shortcode), reactor: "U2", reactorName: nil, at: nil, ref: nil))
        records.reaction(.add(target: a, value: ReactionValue("eyes", style: .shortcode), reactor: "U2", reactorName: nil, at: nil, ref: nil))
        XCTAssertEqual(records.messageCount, 2)
        XCTAssertEqual(records.targetCount, 3)

        func settled(hint: Bool) -> [String] {
            let ledger = ReactionLedger()
            let sink = ImportSink(ledger: ledger, fileName: "C1/2024-01-01.json", platform: .slack)
            if hint { ledger.expect(messages: 1_000, targets: 500) }
            records.replay(into: sink)
            return ledger.summarize().messages.flatMap(TestSupport.reactions)
        }
        XCTAssertEqual(settled(hint: true), ["👍 2 [U1] incomplete", "👀 1 [U2] complete", "❤ 1 [U2] complete"])
        XCTAssertEqual(settled(hint: true), settled(hint: false))
    }

    /// Facts about a message read before the message itself join the facts read after it in
    /// one list: an add repeated in one file across the message's arrival is one reactor and a
    /// duplicate; a removal cancels an add from before; and a target whose message never comes
    /// is named.
    func testFactsBeforeTheirMessageJoinTheFactsAfterIt() {
        let ledger = ReactionLedger()
        _ = ledger.beginFile("a.json")
        let early = MessageTarget(platform: .pubnub, conversationID: "c", messageID: "1")
        let never = MessageTarget(platform: .pubnub, conversationID: "c", messageID: "9")
        func add(_ target: MessageTarget, _ value: String, _ user: String, ref: String) {
            ledger.record(.add(target: target, value: ReactionValue(value), reactor: user, reactorName: nil, at: nil, ref: ref), file: 0)
        }
        add(early, "👍", "bob", ref: "r1")
        add(early, "🎉", "ann", ref: "r2")
        add(never, "👍", "bob", ref: "r3")
        ledger.record(ImportedMessage(platform: .pubnub, conversationID: "c", id: "1", sentAt: Timestamp.unixSeconds(10)))
        add(early, "👍", "bob", ref: "r1")
        add(early, "👍", "cy", ref: "r4")
        ledger.record(.remove(platform: .pubnub, ref: "r2"), file: 0)
        let result = ledger.summarize()
        XCTAssertEqual(result.messages.count, 1)
        XCTAssertEqual(TestSupport.reactions(result.messages[0]), ["👍 2 [bob,cy] complete"])
        XCTAssertEqual(TestSupport.diagnostics(result), ["duplicate-add": 1, "reaction-without-message": 1])
    }

    /// Settling hands memory back after every so many parts, and that changes nothing settled.
    func testSettlingHandsMemoryBackBetweenParts() {
        func ledger() -> ReactionLedger {
            let ledger = ReactionLedger()
            _ = ledger.beginFile("a.json")
            for number in 0..<(2 * ReactionLedger.settlingPartSize + 1) {
                let id = String(number)
                ledger.record(ImportedMessage(platform: .slack, conversationID: "C", id: id, sentAt: Timestamp.unixSeconds(Int64(number))))
                ledger.record(
                    .add(
                        target: MessageTarget(platform: .slack, conversationID: "C", messageID: id), value: ReactionValue("+1", style: .shortcode),
                        reactor: "U\(number % 7)", reactorName: nil, at: nil, ref: nil), file: 0)
            }
            return ledger
        }
        let calls = Locked(0)
        let handedBack = ledger().summarize(handBack: { calls.withLock { $0 += 1 } }, handBackEvery: 1, partsPerWave: 1)
        XCTAssertEqual(calls.withLock { $0 }, 3)
        let plain = ledger().summarize()
        XCTAssertEqual(handedBack.messages.flatMap(TestSupport.reactions), plain.messages.flatMap(TestSupport.reactions))
        XCTAssertEqual(handedBack.messages.count, 4_097)
        XCTAssertEqual(TestSupport.reactions(handedBack.messages[4_096]), ["👍 1 [U1] complete"])
    }
}
