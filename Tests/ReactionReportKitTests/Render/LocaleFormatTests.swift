import XCTest

@testable import ReactionReportKit

/// `LocaleFormat`: dates and numbers in each locale's CLDR forms; no locale keeps the report's own.
final class LocaleFormatTests: XCTestCase {
    let day = CivilDate(year: 2025, month: 3, day: 3)
    /// 14:05 in seconds.
    let afternoon: Int64 = 14 * 3600 + 5 * 60

    func locale(_ tag: String) throws -> LocaleFormat { try XCTUnwrap(LocaleFormat(tag: tag)) }

    func testNoLocaleWritesTheReportsOwnForms() {
        let standard = LocaleFormat.standard
        XCTAssertEqual(standard.integer(1_234_567), "1,234,567")
        XCTAssertEqual(standard.integer(-1234), "-1,234")
        XCTAssertEqual(standard.percent(0.452), "45.2%")
        XCTAssertEqual(standard.decimal(1.25), "1.25")
        XCTAssertEqual(standard.signedPercent(-0.1), "−10.0%")
        XCTAssertEqual(standard.longDate(day), "2025-03-03")
        XCTAssertEqual(standard.fullDate(day), "Monday, 2025-03-03")
        XCTAssertEqual(standard.monthYear(year: 2025, month: 3), "March 2025")
        XCTAssertEqual(standard.dayRange(day, CivilDate(year: 2025, month: 3, day: 9)), "2025-03-03 – 2025-03-09")
        XCTAssertNil(standard.dateTime(day, secondOfDay: afternoon))
        XCTAssertEqual(standard.htmlLanguage, "en")
    }

    func testGerman() throws {
        let german = try locale("de-DE")
        XCTAssertEqual(german.integer(1234), "1.234")
        XCTAssertEqual(german.integer(-1_234_567), "-1.234.567")
        XCTAssertEqual(german.percent(0.452), "45,2\u{A0}%")
        XCTAssertEqual(german.decimal(1.25), "1,25")
        XCTAssertEqual(german.signedPercent(0.25), "+25,0\u{A0}%")
        XCTAssertEqual(german.longDate(day), "3.\u{A0}März\u{A0}2025")
        XCTAssertEqual(german.fullDate(day), "Montag, 3. März 2025")
        XCTAssertEqual(german.monthYear(year: 2025, month: 3), "März 2025")
        XCTAssertEqual(german.dateTime(day, secondOfDay: afternoon), "03.03.2025, 14:05")
        XCTAssertEqual(german.counted(1234, "message"), "1.234 messages")
        XCTAssertEqual(german.limitText, "1.000.000.000")
        XCTAssertEqual(german.htmlLanguage, "de-DE")
    }

    func testFrenchGroupsWithANarrowNoBreakSpace() throws {
        let french = try locale("fr_fr")
        XCTAssertEqual(french.tag, "fr-FR")
        XCTAssertEqual(french.integer(1_234_567), "1\u{202F}234\u{202F}567")
        XCTAssertEqual(french.percent(0.452), "45,2\u{A0}%")
        XCTAssertEqual(french.longDate(day), "3\u{A0}mars\u{A0}2025")
        XCTAssertEqual(french.fullDate(day), "lundi 3 mars 2025")
        XCTAssertEqual(french.dateTime(day, secondOfDay: afternoon), "3 mars 2025, 14:05")
    }

    func testJapanese() throws {
        let japanese = try locale("ja-JP")
        XCTAssertEqual(japanese.integer(1234), "1,234")
        XCTAssertEqual(japanese.percent(0.452), "45.2%")
        XCTAssertEqual(japanese.longDate(day), "2025年3月3日")
        XCTAssertEqual(japanese.fullDate(day), "2025年3月3日月曜日")
        XCTAssertEqual(japanese.monthYear(year: 2025, month: 3), "2025年3月")
        XCTAssertEqual(japanese.dateTime(day, secondOfDay: afternoon), "2025/03/03 14:05")
    }

    /// ar-EG writes the digits of its default numbering system, Arabic-Indic, as ICU does; plain
    /// `ar` (CLDR's default numbering there is Latin) writes 0–9 with the same names.
    func testArabicWritesItsOwnDigitsAndPlainArabicLatinOnes() throws {
        let egyptian = try locale("ar-EG")
        XCTAssertEqual(egyptian.integer(1234), "١٬٢٣٤")
        XCTAssertEqual(egyptian.percent(0.452), "٤٥٫٢٪\u{61C}")
        XCTAssertEqual(egyptian.longDate(day), "٣\u{A0}مارس\u{A0}٢٠٢٥")
        XCTAssertEqual(egyptian.fullDate(day), "الاثنين، ٣ مارس ٢٠٢٥")
        XCTAssertEqual(egyptian.dateTime(day, secondOfDay: afternoon), "٠٣\u{200F}/٠٣\u{200F}/٢٠٢٥، ٢:٠٥ م")
        XCTAssertEqual(egyptian.native("3 of 7 days"), "٣ of ٧ days")
        let arabic = try locale("ar")
        XCTAssertEqual(arabic.integer(1234), "1,234")
        XCTAssertEqual(arabic.longDate(day), "3\u{A0}مارس\u{A0}2025")
    }

    func testHebrewAndIndianGrouping() throws {
        let hebrew = try locale("he-IL")
        XCTAssertEqual(hebrew.integer(1234), "1,234")
        XCTAssertEqual(hebrew.longDate(day), "3\u{A0}במרץ\u{A0}2025")
        XCTAssertEqual(hebrew.dateTime(day, secondOfDay: afternoon), "3 במרץ 2025, 14:05")
        XCTAssertEqual(try locale("hi-IN").integer(1_234_567), "12,34,567")
        XCTAssertEqual(try locale("en-US").dateTime(day, secondOfDay: afternoon), "Mar 3, 2025, 2:05\u{202F}PM")
    }

    func testAnUnknownLocaleNamesTheClosestAndTheKnownOnes() {
        XCTAssertNil(LocaleFormat(tag: "de-DX"))
        XCTAssertThrowsError(try LocaleFormat.named("de-DX")) { error in
            XCTAssertEqual(
                "\(error)", "unknown locale \"de-DX\"; did you mean \"de-DE\"? (known: " + LocaleFormat.tags.joined(separator: ", ") + ")")
        }
        XCTAssertEqual("\(UnknownLocale(tag: "klingon"))", "unknown locale \"klingon\" (known: " + LocaleFormat.tags.joined(separator: ", ") + ")")
        XCTAssertEqual(LocaleFormat.tags.count, 43)
        XCTAssertEqual(LocaleFormat.tags.prefix(3), ["ar", "ar-EG", "ar-SA"])
    }

    /// Message times: the locale's date and time, the offset label kept.
    func testTimesOnPages() throws {
        let berlin = TimeText(calendar: WeekCalendar("Europe/Berlin")!, locale: try locale("de-DE"))
        let instant = Timestamp.unixSeconds(1_741_010_700)!
        XCTAssertEqual(berlin.display(instant), "03.03.2025, 15:05 UTC+01:00")
        XCTAssertEqual(berlin.attribute(instant), "2025-03-03T15:05:00+01:00")
        let cairo = TimeText(calendar: WeekCalendar("Africa/Cairo")!, locale: try locale("ar-EG"))
        XCTAssertEqual(cairo.display(instant), "٠٣\u{200F}/٠٣\u{200F}/٢٠٢٥، ٤:٠٥ م UTC+٠٢:٠٠")
        XCTAssertEqual(TimeText(calendar: WeekCalendar("UTC")!).display(instant), "2025-03-03 14:05 UTC")
    }
}
