import Templates
import XCTest

@testable import ReactionReportKit

/// Browsing by date: each conversation's calendar links every day to its heading on the page
/// that holds it; every transcript page says which days it covers; pagination lists the
/// first, the nearby and the last pages, not every page.
final class CalendarAndPaginationTests: XCTestCase {
    func testPaginationShowsTheEndsTheNearbyPagesAndGaps() {
        func text(_ current: Int, _ count: Int) -> String {
            Pagination.entries(current: current, count: count).map { $0.map(String.init) ?? "…" }.joined(separator: " ")
        }
        XCTAssertEqual(text(1, 1), "1")
        XCTAssertEqual(text(2, 2), "1 2")
        XCTAssertEqual(text(4, 7), "1 2 3 4 5 6 7")
        XCTAssertEqual(text(1, 25), "1 2 3 … 25")
        XCTAssertEqual(text(3, 25), "1 2 3 4 5 … 25")
        // A gap hides two pages or more; one page alone is shown.
        XCTAssertEqual(text(5, 25), "1 2 3 4 5 6 7 … 25")
        XCTAssertEqual(text(7, 25), "1 … 5 6 7 8 9 … 25")
        XCTAssertEqual(text(25, 25), "1 … 23 24 25")
        XCTAssertEqual(text(1_000_000, 2_000_000), "1 … 999998 999999 1000000 1000001 1000002 … 2000000")
    }

    func testPageNumbersAndListMarkersAreInTheLocalesDigits() throws {
        func numbers(_ locale: LocaleFormat) -> String {
            var model = TemplateObject(capacity: 5)
            Pagination.append(current: 12, count: 25, locale: locale, to: &model)
            guard case .list(let pages) = model[TemplateName("pages")] else { return "no pages" }
            return pages.map { page -> String in
                guard case .object(let entry) = page, case .text(let number) = entry[TemplateName("number")] else { return "…" }
                return number
            }.joined(separator: " ")
        }
        XCTAssertEqual(numbers(.standard), "1 … 10 11 12 13 14 … 25")
        XCTAssertEqual(numbers(try XCTUnwrap(LocaleFormat(tag: "ar-EG"))), "١ … ١٠ ١١ ١٢ ١٣ ١٤ … ٢٥")
        XCTAssertEqual(numbers(try XCTUnwrap(LocaleFormat(tag: "fa-IR"))), "۱ … ۱۰ ۱۱ ۱۲ ۱۳ ۱۴ … ۲۵")
        XCTAssertEqual(numbers(try XCTUnwrap(LocaleFormat(tag: "de-DE"))), "1 … 10 11 12 13 14 … 25")
        // Rankings are ordered lists: their markers follow the same digits.
        XCTAssertEqual(
            ["ar-EG", "ar-SA", "fa-IR", "de-DE", "hi-IN"].map { LocaleFormat(tag: $0)?.listStyle ?? "none" },
            ["arabic-indic", "arabic-indic", "persian", "none", "none"])
        XCTAssertNil(LocaleFormat.standard.listStyle)
    }

    func testWeekdaysAndTheYearsMonthsAndDaysOfACalendar() {
        let days = [(1969, 12, 31), (1970, 1, 1), (2024, 4, 17), (2024, 4, 18), (2024, 5, 2)].map { CivilDate(year: $0.0, month: $0.1, day: $0.2) }
        XCTAssertEqual(days.map(LocaleFormat.standard.weekday), ["Wednesday", "Thursday", "Wednesday", "Thursday", "Thursday"])
        let years = CalendarPages.years(
            zip(days, [3, 1, 2, 5, 1]).enumerated().map { CalendarPages.Day(date: $1.0, messages: $1.1, page: $0 + 1) }, locale: .standard)
        // An object's named values as `name=value`, a list's items joined by `; `.
        func text(_ value: TemplateValue?, _ keys: [[String]]) -> String {
            switch value {
            case .text(let text): return text
            case .number(let number): return String(number)
            case .list(let list): return "[" + list.map { text($0, keys) }.joined(separator: "; ") + "]"
            case .object(let object):
                let level = keys.firstIndex { $0.allSatisfy { object[TemplateName($0)] != nil } } ?? 0
                return keys[level].map { "\($0)=" + text(object[TemplateName($0)], keys) }.joined(separator: " ")
            default: return "?"
            }
        }
        let keys = [["year", "messagesText", "months"], ["id", "name", "messagesText", "days"], ["day", "href", "label", "count"]]
        XCTAssertEqual(
            years.map { text(.object($0), keys) },
            [
                "year=1969 messagesText=3 messages months=[id=m-1969-12 name=December 1969 messagesText=3 messages days=[day=31 href=index.html#day-1969-12-31 label=Wednesday, 1969-12-31: 3 messages count=3]]",
                "year=1970 messagesText=1 message months=[id=m-1970-01 name=January 1970 messagesText=1 message days=[day=1 href=page-2.html#day-1970-01-01 label=Thursday, 1970-01-01: 1 message count=1]]",
                "year=2024 messagesText=8 messages months=[id=m-2024-04 name=April 2024 messagesText=7 messages days=[day=17 href=page-3.html#day-2024-04-17 label=Wednesday, 2024-04-17: 2 messages count=2; day=18 href=page-4.html#day-2024-04-18 label=Thursday, 2024-04-18: 5 messages count=5]; id=m-2024-05 name=May 2024 messagesText=1 message days=[day=2 href=page-5.html#day-2024-05-02 label=Thursday, 2024-05-02: 1 message count=1]]"
            ])
    }

    /// The weekly fixture at two messages a page, in Europe/Berlin: every day of the calendar
    /// links to a heading that is on the page it names, and each page's lede names its days.
    func testEveryCalendarDayLandsOnItsHeadingAndEveryPageNamesItsDays() throws {
        let files = try GoldenSiteTests.weeklyFixture { $0.pageSize = 2 }
        let calendars = files.keys.filter { $0.hasSuffix("/calendar.html") }.sorted()
        XCTAssertEqual(calendars, ["conversations/stream-ops/calendar.html", "conversations/stream-team/calendar.html"])
        var checked = 0
        for path in calendars {
            let folder = String(path.dropLast("calendar.html".count))
            let calendar = try XCTUnwrap(files[path])
            for match in calendar.matches(of: /<a href="([a-z0-9-]+\.html)#(day-[0-9-]+)" title="[^"]*">/) {
                let page = try XCTUnwrap(files[folder + String(match.1)], String(match.1))
                XCTAssertTrue(page.contains(#"<h2 class="day" id="\#(match.2)">"#), "\(path) \(match.2)")
                checked += 1
            }
        }
        // Team: 03-18, 03-20, 03-23, 03-25, 03-29 and 03-30 (22:30 UTC is 00:30 in Berlin); ops: 03-24.
        XCTAssertEqual(checked, 7)
        let team = try XCTUnwrap(files["conversations/stream-team/page-2.html"])
        XCTAssertTrue(try XCTUnwrap(files["conversations/stream-team/page-3.html"]).contains("2026-03-29 – 2026-03-30"))
        XCTAssertTrue(
            team.contains(
                #"<p class="lede">6 messages · 8 reactions · page 2 of 3 · <span class="dates">2026-03-23 – 2026-03-25</span> · <a href="calendar.html">Calendar</a></p>"#
            ),
            team)
    }
}
