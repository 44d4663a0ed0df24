import ByteOutput
import Foundation
import Templates

/// Retention of weekly cohorts (product.md §10): `data/cohorts.json`, `data/cohorts.csv`, and
/// the overview's table and chart of the latest cohorts (`Participation` counts them).
enum CohortRecords {
    /// `{"timezone","weeksAfter","cohorts":[{"week","people","active":[n, …, null]}]}`: every
    /// week in which someone was first active, oldest first; `active[k - 1]` is how many of its
    /// people were active k weeks later, null past the report's last week.
    static func json(_ report: WeeklyReport) -> String {
        var out = "{\"timezone\":" + JSONText.quote(report.calendar.name) + ",\"weeksAfter\":\(Participation.cohortWeeks),\"cohorts\":["
        for (index, cohort) in report.cohorts.enumerated() {
            out += index == 0 ? "\n" : ",\n"
            out += "{\"week\":\"\(cohort.week)\",\"people\":\(cohort.people),\"active\":["
            out += cohort.active.map { $0.map(String.init) ?? "null" }.joined(separator: ",") + "]}"
        }
        return out + "]}\n"
    }

    /// `week,people,week1,…,week12`: the same as CSV (RFC 4180, CRLF), empty past the report's end.
    static func csv(_ report: WeeklyReport) -> String {
        var out = (["week", "people"] + (1...Participation.cohortWeeks).map { "week\($0)" }).joined(separator: ",") + "\r\n"
        for cohort in report.cohorts {
            out += ([cohort.week.description, String(cohort.people)] + cohort.active.map { $0.map(String.init) ?? "" }).joined(separator: ",") + "\r\n"
        }
        return out
    }
}

/// The overview's retention: the latest cohorts as a table of shares and as a grid of cells
/// whose colour is the share (an inline SVG, no script).
struct RetentionModel: TemplateRepresentable {
    /// How many of the latest cohorts the overview shows (the data files hold all).
    static let shown = 12

    struct Row: TemplateRepresentable {
        var week: String
        var people: String
        var cells: [Cell]
        /// The middle of the row in the chart, for its label.
        var labelY: Int

        var templateValue: TemplateObject {
            ["week": .text(week), "people": .text(people), "cells": cells.templateList, "labelY": .text(String(labelY))]
        }
    }

    /// A cohort's share active some weeks later: its text, and its square in the chart.
    struct Cell: TemplateRepresentable {
        var text: String
        var title: String
        var known: Bool
        var x: Int, y: Int
        /// The fill's opacity, the share itself (a little for 0, so the square shows).
        var opacity: String

        var templateValue: TemplateObject {
            [
                "text": .text(text), "title": .text(title), "known": .flag(known), "x": .text(String(x)), "y": .text(String(y)),
                "opacity": .text(opacity)
            ]
        }
    }

    var rows: [Row]
    var summary: String
    var weeksAfter: [String]

    static let cell = 28, labelWidth = 80, top = 24

    init(_ cohorts: [Participation.Cohort], locale: LocaleFormat) {
        let latest = Array(cohorts.suffix(Self.shown))
        weeksAfter = (1...Participation.cohortWeeks).map { "+" + locale.integer($0) }
        rows = latest.enumerated().map { row, cohort in
            Row(
                week: cohort.week.description, people: locale.integer(cohort.people),
                cells: cohort.active.enumerated().map { column, active in
                    let share = active.map { Double($0) / Double(max(cohort.people, 1)) }
                    let text = share.map { locale.percent($0) } ?? "–"
                    return Cell(
                        text: text,
                        title: "\(cohort.week), \(locale.counted(cohort.people, "person", plural: "people")): "
                            + (active.map { "\(locale.integer($0)) active \(column + 1) week\(column == 0 ? "" : "s") later (\(text))" }
                                ?? "past the report's end"),
                        known: active != nil, x: Self.labelWidth + column * Self.cell, y: Self.top + row * Self.cell,
                        opacity: share.map { String(format: "%.3f", max($0, 0.04)) } ?? "0")
                }, labelY: Self.top + row * Self.cell + (Self.cell - 2) / 2)
        }
        summary =
            latest.isEmpty
            ? "No cohorts yet."
            : "The share of each weekly cohort (people first active that week) active 1 to \(Participation.cohortWeeks) weeks later, "
                + "for the \(locale.counted(latest.count, "latest cohort")); the table below gives the same shares."
    }

    var width: Int { Self.labelWidth + Participation.cohortWeeks * Self.cell }
    var height: Int { Self.top + rows.count * Self.cell }

    var templateValue: TemplateObject {
        [
            "hasCohorts": .flag(!rows.isEmpty), "rows": rows.templateList, "summary": .text(summary),
            "weeksAfter": .list(
                weeksAfter.enumerated().map { index, text in
                    .object(["text": .text(text), "x": .text(String(Self.labelWidth + index * Self.cell + Self.cell / 2))])
                }),
            "width": .text(String(width)), "height": .text(String(height)), "cellSize": .text(String(Self.cell - 2)),
            "labelX": .text(String(Self.labelWidth - 6))
        ]
    }
}
