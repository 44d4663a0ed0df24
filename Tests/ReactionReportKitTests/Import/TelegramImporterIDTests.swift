import XCTest

@testable import JSONReader
@testable import ReactionReportKit

/// Exports of one chat by an old (before 2021) and a new Telegram Desktop: one conversation, the
/// same people (`TelegramChatIDs`).
final class TelegramImporterIDTests: XCTestCase {
    func settle(_ files: [(String, String)]) throws -> (formats: [String], result: LedgerResult) { try TestSupport.settleDetecting(files) }
    func settleFixtures(_ paths: [String]) throws -> (formats: [String], result: LedgerResult) { try TestSupport.settleFixturesDetecting("telegram", paths) }

    /// "conversation/id author (name) sentAt text" per message, in report order.
    func lines(_ result: LedgerResult) -> [String] {
        result.messages.map { message in
            "\(message.conversationID)/\(message.id) \(message.authorID ?? "-") (\(message.authorName ?? "-")) \(message.sentAt?.rfc3339 ?? "-") \(message.text)"
        }
    }

    /// The messages both tg2md samples hold (ids 1 to 15, 1 a service record), as read: the old
    /// export's `from_id` 9882011936 is the channel 1292077344. Neither file has `date_unixtime`,
    /// so `date` is read as UTC.
    static let sharedMessages = [
        "1292077344/2 channel1292077344 (test) 2020-11-12T12:54:07Z test text post",
        "1292077344/3 channel1292077344 (test) 2020-11-12T12:57:31Z ",
        "1292077344/4 channel1292077344 (test) 2020-11-12T12:57:40Z photo with text",
        "1292077344/5 channel1292077344 (test) 2020-11-12T12:58:18Z italic\n\nbold\n\nunderline\n\nstrikethrough\n\nmonospace",
        "1292077344/7 channel1292077344 (test) 2020-11-12T13:01:05Z ",
        "1292077344/8 channel1292077344 (test) 2020-11-12T13:02:35Z ",
        "1292077344/9 channel1292077344 (test) 2020-11-12T13:43:23Z italic in text\n\nitalic on whole line",
        "1292077344/10 channel1292077344 (test) 2020-11-12T14:11:35Z bold in text\nbold below\n\nnormal text\n\nbold with one line gap\nnormal text",
        "1292077344/11 channel1292077344 (test) 2020-11-12T14:34:47Z multiline\nbold\n\ntext",
        "1292077344/13 channel1292077344 (test) 2020-11-12T14:45:43Z monospace with one baktick\n\nmultiline\nmonospace",
        "1292077344/14 channel1292077344 (test) 2020-11-12T14:48:48Z text link\n\nexample.com\n\nexample@example.com",
        "1292077344/15 channel1292077344 (test) 2020-11-12T15:05:32Z bold italic"
    ]
    /// The messages only the 2021 export holds.
    static let messages2021 = [
        "1292077344/21 channel1292077344 (test) 2021-07-12T13:17:15Z тестирование utf-8.",
        "1292077344/22 channel1292077344 (test) 2021-07-14T18:40:10Z test file other than sound",
        "1292077344/23 channel1292077344 (test) 2021-07-14T18:52:46Z multiple photos",
        "1292077344/24 channel1292077344 (test) 2021-07-14T18:52:46Z ",
        "1292077344/25 channel1292077344 (test) 2021-07-14T18:52:46Z ",
        "1292077344/26 channel1292077344 (test) 2021-07-14T19:20:23Z test text file"
    ]

    func testTheTg2mdSamplesReadAloneAndTogetherAreOneChannelWithOneAuthor() throws {
        let channel = [ConversationInfo(platform: .telegram, id: "1292077344", name: "test")]
        for (files, expected) in [
            (["tg2md__result_2020.json"], Self.sharedMessages),
            (["tg2md__result_2021.json"], Self.sharedMessages + Self.messages2021),
            (["tg2md__result_2020.json", "tg2md__result_2021.json"], Self.sharedMessages + Self.messages2021),
            (["tg2md__result_2021.json", "tg2md__result_2020.json"], Self.sharedMessages + Self.messages2021)
        ] {
            let (formats, result) = try settleFixtures(files)
            XCTAssertEqual(formats, files.map { _ in "telegram-desktop" }, "\(files)")
            XCTAssertEqual(result.conversations, channel, "\(files)")
            XCTAssertEqual(lines(result), expected, "\(files)")
            XCTAssertEqual(result.messages.map(\.markup), expected.map { _ in .plain })
            XCTAssertEqual(result.people[.telegram], ["channel1292077344": "test"], "\(files)")
            XCTAssertEqual(TestSupport.diagnostics(result), [:], "\(files)")
            XCTAssertEqual(result.tallies[.telegram] ?? ReactionTally(), ReactionTally(), "\(files)")
        }
    }

    /// Old exports of a personal chat (2^32 + user), a basic group and a supergroup (2^33 + id),
    /// in both old ways of writing people (bare user ids until autumn 2020, shifted peer ids
    /// after), read with today's exports of the same chats.
    func testOldPeerIDsOfEveryKindOfChatAndPersonAreReadInTodaysForm() throws {
        let old = #"""
            {"chats":{"list":[
              {"name":"Carmen","type":"personal_chat","id":4302737297,"messages":[
                {"id":1,"type":"message","date":"2020-12-01T10:00:00","from":"Ada","from_id":4294968297,"text":"Lunch?"},
                {"id":2,"type":"service","date":"2020-12-01T10:01:00","actor":"Carmen","actor_id":4302737297,"action":"phone_call","text":""},
                {"id":3,"type":"message","date":"2020-12-01T10:02:00","from":"Carmen","from_id":4302737297,"text":"Sure"}]},
              {"name":"Beta Testers","type":"private_group","id":8590358834,"messages":[
                {"id":10,"type":"service","date":"2019-05-01T09:00:00","actor":"Ada","actor_id":1001,"action":"create_group","title":"Beta Testers","members":["Bo"],"text":""},
                {"id":11,"type":"message","date":"2019-05-01T09:05:00","from":"Bo","from_id":1002,"text":"Beta 1 is out"}]},
              {"name":"Lumen Community","type":"public_supergroup","id":10377934593,"messages":[
                {"id":500,"type":"message","date":"2020-12-02T08:00:00","from":"Cy","from_id":4294968299,"text":"hi"},
                {"id":501,"type":"message","date":"2020-12-02T08:01:00","from":"Lumen Community","from_id":10377934593,"text":"from an anonymous admin"},
                {"id":502,"type":"message","date":"2020-12-02T08:02:00","from":"Lumen News","from_id":10377934594,"text":"forwarded from the linked channel"}]}
            ]}}
            """#
        let new = #"""
            {"chats":{"list":[
              {"name":"Carmen","type":"personal_chat","id":7770001,"messages":[
                {"id":3,"type":"message","date":"2020-12-01T10:02:00","date_unixtime":"1606816920","from":"Carmen","from_id":"user7770001","text":"Sure","text_entities":[]},
                {"id":4,"type":"message","date":"2022-01-01T10:00:00","date_unixtime":"1641031200","from":"Ada","from_id":"user1001","text":"Happy new year","text_entities":[]}]},
              {"name":"Beta Testers","type":"private_group","id":424242,"messages":[
                {"id":11,"type":"message","date":"2019-05-01T09:05:00","date_unixtime":"1556701500","from":"Bo","from_id":"user1002","text":"Beta 1 is out","text_entities":[]}]},
              {"name":"Lumen Community","type":"public_supergroup","id":1788000001,"messages":[
                {"id":501,"type":"message","date":"2020-12-02T08:01:00","date_unixtime":"1606896060","from":"Lumen Community","from_id":"channel1788000001","text":"from an anonymous admin","text_entities":[]}]}
            ]}}
            """#
        for files in [[("old.json", old)], [("old.json", old), ("new.json", new)], [("new.json", new), ("old.json", old)]] {
            let (formats, result) = try settle(files)
            XCTAssertEqual(formats, files.map { _ in "telegram-desktop" })
            XCTAssertEqual(
                result.conversations,
                [
                    ConversationInfo(platform: .telegram, id: "1788000001", name: "Lumen Community"),
                    ConversationInfo(platform: .telegram, id: "424242", name: "Beta Testers"),
                    ConversationInfo(platform: .telegram, id: "7770001", name: "Carmen", isDirect: true)
                ], "\(files.map(\.0))")
            // Old files have no date_unixtime: their dates read as UTC (here the same instants).
            let newOnly = files.count == 2 ? ["7770001/4 user1001 (Ada) 2022-01-01T10:00:00Z Happy new year"] : []
            XCTAssertEqual(
                lines(result),
                [
                    "424242/11 user1002 (Bo) 2019-05-01T09:05:00Z Beta 1 is out",
                    "7770001/1 user1001 (Ada) 2020-12-01T10:00:00Z Lunch?",
                    "7770001/3 user7770001 (Carmen) 2020-12-01T10:02:00Z Sure",
                    "1788000001/500 user1003 (Cy) 2020-12-02T08:00:00Z hi",
                    "1788000001/501 channel1788000001 (Lumen Community) 2020-12-02T08:01:00Z from an anonymous admin",
                    "1788000001/502 channel1788000002 (Lumen News) 2020-12-02T08:02:00Z forwarded from the linked channel"
                ] + newOnly, "\(files.map(\.0))")
            XCTAssertEqual(
                result.people[.telegram],
                [
                    "user1001": "Ada", "user1002": "Bo", "user1003": "Cy", "user7770001": "Carmen",
                    "channel1788000001": "Lumen Community", "channel1788000002": "Lumen News"
                ], "\(files.map(\.0))")
            XCTAssertEqual(TestSupport.diagnostics(result), [:])
        }
    }

    /// A channel exported before autumn 2020: unsigned posts have no `from_id` (the chat's id
    /// alone tells the old scheme); a signed one names the admin by bare user id. Later exports
    /// name the channel itself as the author of its posts.
    func testAChannelWhosePostsHadNoSenderIsTheirAuthorInOldExports() throws {
        let old = #"""
            {"name":"Lumen News","type":"public_channel","id":10377934594,"messages":[
              {"id":1,"type":"service","date":"2019-03-01T12:00:00","action":"create_channel","title":"Lumen News","text":""},
              {"id":2,"type":"message","date":"2019-03-01T12:05:00","text":"First post"},
              {"id":3,"type":"message","date":"2019-03-02T12:05:00","from":"Ada","from_id":1001,"author":"Ada","text":"A signed post"}
            ]}
            """#
        let new = #"""
            {"name":"Lumen News","type":"public_channel","id":1788000002,"messages":[
              {"id":2,"type":"message","date":"2019-03-01T12:05:00","date_unixtime":"1551441900","from":"Lumen News","from_id":"channel1788000002","text":"First post","text_entities":[]}
            ]}
            """#
        let (_, alone) = try settle([("old.json", old)])
        XCTAssertEqual(alone.conversations, [ConversationInfo(platform: .telegram, id: "1788000002", name: "Lumen News")])
        XCTAssertEqual(
            lines(alone),
            [
                "1788000002/2 channel1788000002 (Lumen News) 2019-03-01T12:05:00Z First post",
                "1788000002/3 user1001 (Ada) 2019-03-02T12:05:00Z A signed post"
            ])
        let (_, together) = try settle([("new.json", new), ("old.json", old)])
        XCTAssertEqual(together.conversations, alone.conversations)
        XCTAssertEqual(lines(together), lines(alone))
        XCTAssertEqual(together.people[.telegram], ["channel1788000002": "Lumen News", "user1001": "Ada"])
        XCTAssertEqual(TestSupport.diagnostics(together), [:])
    }

    /// A bare number says nothing by itself: new user ids exceed 2^32, so what decides is what
    /// the chat shows. Where it shows nothing, the cases documented on `TelegramChatIDs` apply.
    func testAChatIDIsReadByWhatItsChatShows() throws {
        let chats = #"""
            {"chats":{"list":[
              {"name":"Zed","type":"personal_chat","id":6000000000,"messages":[
                {"id":1,"type":"message","date":"2025-01-02T10:00:00","date_unixtime":"1735812000","from":"Zed","from_id":"user6000000000","text":"new user, new export","text_entities":[]}]},
              {"name":"Yan","type":"personal_chat","id":4302737297,"messages":[
                {"id":1,"type":"message","date":"2025-01-02T10:00:00","date_unixtime":"1735812000","text":"no sender, but a member only new exports write","text_entities":[]}]},
              {"name":"Xu","type":"personal_chat","id":4302737298,"messages":[
                {"id":1,"type":"message","date":"2019-01-01T00:00:00","text":"no sign of either way: read as written"}]},
              {"name":"Old News","type":"private_channel","id":10377934595,"messages":[
                {"id":1,"type":"service","date":"2019-03-01T12:00:00","action":"create_channel","title":"Old News","text":""},
                {"id":2,"type":"message","date":"2019-03-01T12:05:00","text":"an unsigned post: a channel id in the old range"}]},
              {"name":"Future Group","type":"private_supergroup","id":9000000000,"messages":[
                {"id":1,"type":"message","date":"2030-01-02T10:00:00","date_unixtime":"1893578400","from":"Wu","from_id":"user9000000001","text":"a bare id above 2^33","text_entities":[]}]},
              {"name":"Odd","type":"private_supergroup","id":20000000000,"messages":[
                {"id":1,"type":"message","date":"2020-12-02T08:00:00","from":"Vi","from_id":13000000000,"text":"no version writes these numbers"},
                {"id":2,"type":"message","date":"2020-12-02T08:01:00","from":"Ug","from_id":"user77","text":"text stays as written"}]},
              {"name":"Beta","type":"private_group","id":8590358834,"messages":[
                {"id":1,"type":"message","date":"2020-12-02T07:00:00","from":"Beta","from_id":8590358834,"text":"the basic group itself"}]}
            ]}}
            """#
        let (_, result) = try settle([("result.json", chats)])
        XCTAssertEqual(result.conversations.map(\.id), ["1788000003", "20000000000", "424242", "4302737297", "4302737298", "6000000000", "9000000000"])
        XCTAssertEqual(
            lines(result),
            [
                "4302737298/1 - (-) 2019-01-01T00:00:00Z no sign of either way: read as written",
                "1788000003/2 channel1788000003 (Old News) 2019-03-01T12:05:00Z an unsigned post: a channel id in the old range",
                "424242/1 chat424242 (Beta) 2020-12-02T07:00:00Z the basic group itself",
                "20000000000/1 13000000000 (Vi) 2020-12-02T08:00:00Z no version writes these numbers",
                "20000000000/2 user77 (Ug) 2020-12-02T08:01:00Z text stays as written",
                "4302737297/1 - (-) 2025-01-02T10:00:00Z no sender, but a member only new exports write",
                "6000000000/1 user6000000000 (Zed) 2025-01-02T10:00:00Z new user, new export",
                "9000000000/1 user9000000001 (Wu) 2030-01-02T10:00:00Z a bare id above 2^33"
            ])
        XCTAssertEqual(TestSupport.diagnostics(result), [:])
    }

    /// The commonest export: one personal chat. Stickers, voice messages, replies, forwards,
    /// edits and calls; reactions by both people. Saved Messages has no `name`. The same chats
    /// exported by old versions (ids 2^32 + user, people as numbers) are the same conversations.
    func testPersonalChatAndSavedMessagesExportsAreReadWholeAndDirect() throws {
        let personal = #"""
            {
             "name": "Carmen Ruiz",
             "type": "personal_chat",
             "id": 7770001,
             "messages": [
              {"id":1,"type":"message","date":"2025-01-02T11:00:00","date_unixtime":"1735812000","from":"Ada Okafor","from_id":"user1001","text":"Lunch at noon?","text_entities":[{"type":"plain","text":"Lunch at noon?"}],
               "reactions":[{"type":"emoji","count":1,"emoji":"👍","recent":[{"from":"Carmen Ruiz","from_id":"user7770001","date":"2025-01-02T11:01:00"}]}]},
              {"id":2,"type":"service","date":"2025-01-02T11:02:00","date_unixtime":"1735812120","actor":"Carmen Ruiz","actor_id":"user7770001","action":"phone_call","duration_seconds":65,"discard_reason":"hangup","text":"","text_entities":[]},
              {"id":3,"type":"message","date":"2025-01-02T11:05:00","date_unixtime":"1735812300","from":"Carmen Ruiz","from_id":"user7770001","reply_to_message_id":1,"file":"stickers/sticker.webp","thumbnail":"stickers/sticker.webp_thumb.jpg","media_type":"sticker","sticker_emoji":"👌","width":512,"height":512,"text":"","text_entities":[],
               "reactions":[{"type":"emoji","count":2,"emoji":"❤","recent":[{"from":"Ada Okafor","from_id":"user1001","date":"2025-01-02T11:06:00"},{"from":"Carmen Ruiz","from_id":"user7770001","date":"2025-01-02T11:07:00"}]}]},
              {"id":4,"type":"message","date":"2025-01-02T11:10:00","date_unixtime":"1735812600","edited":"2025-01-02T11:11:00","edited_unixtime":"1735812660","from":"Ada Okafor","from_id":"user1001","forwarded_from":"Lumen News",
               "text":[{"type":"bold","text":"Lumen 2.0"}," is out: ",{"type":"link","text":"https://example.com"}],
               "text_entities":[{"type":"bold","text":"Lumen 2.0"},{"type":"plain","text":" is out: "},{"type":"link","text":"https://example.com"}],
               "reactions":[{"type":"custom_emoji","count":1,"document_id":"5368324170671202286","recent":[{"from":"Carmen Ruiz","from_id":"user7770001","date":"2025-01-02T11:12:00"}]}]},
              {"id":5,"type":"message","date":"2025-01-02T11:15:00","date_unixtime":"1735812900","from":"Carmen Ruiz","from_id":"user7770001","file":"voice_messages/audio_1@02-01-2025_11-15-00.ogg","media_type":"voice_message","mime_type":"audio/ogg","duration_seconds":3,"text":"","text_entities":[]}
             ]
            }
            """#
        let saved = #"""
            {
             "type": "saved_messages",
             "id": 1001,
             "messages": [
              {"id":7,"type":"message","date":"2025-01-03T09:00:00","date_unixtime":"1735891200","from":"Ada Okafor","from_id":"user1001","text":"note to self","text_entities":[{"type":"plain","text":"note to self"}]},
              {"id":8,"type":"message","date":"2025-01-03T09:05:00","date_unixtime":"1735891500","from":"Ada Okafor","from_id":"user1001","forwarded_from":"Bo Lind","saved_from":"Lumen Dev","text":"Ship it","text_entities":[{"type":"plain","text":"Ship it"}],
               "reactions":[{"type":"emoji","count":1,"emoji":"🔥","recent":[{"from":"Ada Okafor","from_id":"user1001","date":"2025-01-03T09:06:00"}]}]}
             ]
            }
            """#
        // Before 2021: people as shifted peer ids (autumn 2020 on), or as bare user ids (before).
        let personalOld = #"""
            {"name":"Carmen Ruiz","type":"personal_chat","id":4302737297,"messages":[
              {"id":1,"type":"message","date":"2025-01-02T11:00:00","from":"Ada Okafor","from_id":4294968297,"text":"Lunch at noon?"},
              {"id":2,"type":"service","date":"2025-01-02T11:02:00","actor":"Carmen Ruiz","actor_id":4302737297,"action":"phone_call","text":""},
              {"id":3,"type":"message","date":"2025-01-02T11:05:00","from":"Carmen Ruiz","from_id":4302737297,"file":"stickers/sticker.webp","media_type":"sticker","text":""}]}
            """#
        let savedOld = #"""
            {"type":"saved_messages","id":4294968297,"messages":[
              {"id":7,"type":"message","date":"2025-01-03T09:00:00","from":"Ada Okafor","from_id":1001,"text":"note to self"}]}
            """#
        let (_, old) = try settle([("personal-old.json", personalOld), ("saved-old.json", savedOld)])
        XCTAssertEqual(
            old.conversations,
            [
                ConversationInfo(platform: .telegram, id: "1001", name: "Saved Messages", isDirect: true),
                ConversationInfo(platform: .telegram, id: "7770001", name: "Carmen Ruiz", isDirect: true)
            ])
        XCTAssertEqual(
            old.messages.map { "\($0.conversationID)/\($0.id) \($0.authorID ?? "-")" }, ["7770001/1 user1001", "7770001/3 user7770001", "1001/7 user1001"])

        // Read after today's exports, the old ones add nothing: the same messages, by the same people.
        let (formats, result) = try settle([
            ("personal.json", personal), ("saved.json", saved), ("personal-old.json", personalOld), ("saved-old.json", savedOld)
        ])
        XCTAssertEqual(formats, ["telegram-desktop", "telegram-desktop", "telegram-desktop", "telegram-desktop"])
        XCTAssertEqual(
            result.conversations,
            [
                ConversationInfo(platform: .telegram, id: "1001", name: "Saved Messages", isDirect: true),
                ConversationInfo(platform: .telegram, id: "7770001", name: "Carmen Ruiz", isDirect: true)
            ])
        XCTAssertEqual(
            result.messages.map { "\($0.conversationID)/\($0.id) \($0.authorID ?? "-") \($0.sentAt?.rfc3339 ?? "-") \($0.text)" },
            [
                "7770001/1 user1001 2025-01-02T10:00:00Z Lunch at noon?",
                "7770001/3 user7770001 2025-01-02T10:05:00Z ",
                "7770001/4 user1001 2025-01-02T10:10:00Z Lumen 2.0 is out: https://example.com",
                "7770001/5 user7770001 2025-01-02T10:15:00Z ",
                "1001/7 user1001 2025-01-03T08:00:00Z note to self",
                "1001/8 user1001 2025-01-03T08:05:00Z Ship it"
            ])
        XCTAssertEqual(
            result.messages.map { TestSupport.reactions($0) },
            [
                ["👍 1 [user7770001] complete"], ["❤ 2 [user1001,user7770001] complete"],
                [":custom-5368324170671202286: 1 [user7770001] complete"], [], [], ["🔥 1 [user1001] complete"]
            ])
        // Recent dates are local: moved by the +01:00 each chat's date pairs show.
        XCTAssertEqual(
            result.messages.flatMap { $0.reactions.flatMap { $0.reactors.map { $0.at?.rfc3339 ?? "-" } } },
            [
                "2025-01-02T10:01:00Z", "2025-01-02T10:06:00Z", "2025-01-02T10:07:00Z", "2025-01-02T10:12:00Z", "2025-01-03T08:06:00Z"
            ])
        XCTAssertEqual(result.people[.telegram], ["user1001": "Ada Okafor", "user7770001": "Carmen Ruiz"])
        XCTAssertEqual(result.tallies[.telegram], ReactionTally(read: 5, counted: 5))
        XCTAssertEqual(TestSupport.diagnostics(result), [:])
    }

    func testIDsAreMappedByRange() {
        let channel = TelegramChatIDs(scheme: .shifted, chatType: "public_channel")
        let group = TelegramChatIDs(scheme: .shifted, chatType: "private_group")
        let bare = TelegramChatIDs(scheme: .bare, chatType: "personal_chat")
        let number = { (text: String) in JSONValue.number(text) }
        XCTAssertEqual(
            ["4294967296", "4294967297", "8589934591", "8589934592", "12884901887", "12884901888", "4294967295", "1", "-5", "1.5e9", "0"].map {
                channel.chatID(number($0))
            },
            ["0", "1", "4294967295", "0", "4294967295", "12884901888", "4294967295", "1", "-5", "1.5e9", "0"])
        XCTAssertEqual(bare.chatID(number("9882011936")), "9882011936")
        XCTAssertEqual(channel.chatID(.string("9882011936")), "9882011936")
        XCTAssertNil(channel.chatID(.bool(true)))
        XCTAssertEqual(
            ["1", "4294967295", "4294967296", "4294968297", "8589934592", "9882011936", "12884901888", "0", "-1", "2.5"].map { channel.personID(number($0)) },
            ["user1", "user4294967295", "user0", "user1001", "channel0", "channel1292077344", "12884901888", "0", "-1", "2.5"])
        XCTAssertEqual(group.personID(number("8590358834")), "chat424242")
        XCTAssertEqual(bare.personID(number("4294968297")), "user1001")
        XCTAssertEqual(bare.personID(.string("channel5")), "channel5")
        XCTAssertNil(bare.personID(.null))
    }
}
