import Foundation
import ReactionReportKit

/// One digest of a built site: `DIR/weeks/<week>/digest.slack.json`, `digest.discord.json` or
/// `digest.txt`, written by `build` beside each weekly report. `digest` prints it and `post`
/// sends it; neither builds anything.
public struct DigestFile: Sendable, Equatable {
    /// The three digests of a week, as the kit writes them.
    public typealias Format = DigestFormat

    /// The week the digest is of.
    public var week: ISOWeek
    public var format: Format
    /// The file's path, from the site folder as it was given (`Output/weeks/2026-W47/digest.txt`).
    public var path: String
    /// Which week was taken and why, when none was asked for: "digest of 2026-W46, the latest
    /// complete week (2026-W47 is partial: 3 of 7 days)".
    public var note: String? = nil

    /// "the 2026-W47 Slack digest", as messages name it.
    public var title: String { "the \(week) \(format.displayName) digest" }

    /// The digest of `week` in `format`, in the site built into `site`; when `week` is nil, of
    /// the latest complete week (`defaultWeek`), with a note saying which and why. An error
    /// naming the path when the site, the week or the file is missing.
    public static func locate(site: String, week: ISOWeek?, format: Format) throws(DeliveryError) -> DigestFile {
        let folder = trimmingTrailingSlashes(site)
        guard isFolder(folder) else {
            throw DeliveryError("no built site at '\(folder)': run `reaction-report build -o \(folder)` first, or give the site's folder with -o")
        }
        let weeksFolder = folder + "/weeks"
        let weeks = builtWeeks(in: weeksFolder)
        guard let latest = weeks.last else {
            throw DeliveryError("'\(weeksFolder)' holds no weekly reports: build the site with the html or markdown format")
        }
        var note: String?
        let chosen: ISOWeek
        if let week {
            chosen = week
        } else {
            (chosen, note) = try defaultWeek(among: weeks, site: folder)
        }
        guard weeks.contains(chosen) else {
            let range = weeks.count == 1 ? "\(latest)" : "\(weeks[0]) to \(latest)"
            throw DeliveryError("'\(weeksFolder)/\(chosen)' does not exist: the site has weekly reports for \(range)")
        }
        let path = "\(folder)/" + format.path(week: chosen.description)
        guard FileManager.default.fileExists(atPath: path) else {
            throw DeliveryError("'\(path)' does not exist: build the site again to write the week's digests")
        }
        return DigestFile(week: chosen, format: format, path: path, note: note)
    }

    /// The latest complete week among `weeks` (the site's, oldest first, at least one), by the
    /// days each covers in the site's `weeks/reports.json`, and a note saying which week and why.
    /// The latest week when none is complete, or when the site has no such record (a build of
    /// an earlier reaction-report), which the note says too.
    static func defaultWeek(among weeks: [ISOWeek], site folder: String) throws(DeliveryError) -> (ISOWeek, String) {
        let latest = weeks[weeks.count - 1]
        let path = folder + "/" + DigestFormat.reportsRecordPath
        guard FileManager.default.fileExists(atPath: path) else {
            return (
                latest,
                "digest of \(latest), the latest week: the site does not say which weeks are partial "
                    + "(it has no \(DigestFormat.reportsRecordPath); build it again to take the latest complete week)"
            )
        }
        let days = try coveredDays(in: path)
        func covered(_ week: ISOWeek) -> Int { days[week] ?? 7 }
        guard let complete = weeks.last(where: { covered($0) >= 7 }) else {
            return (latest, "digest of \(latest), the latest week, which is partial (\(covered(latest)) of 7 days): the site has no complete week")
        }
        let later = weeks.filter { $0 > complete }.map { "\($0) is partial: \(covered($0)) of 7 days" }
        return (complete, "digest of \(complete), the latest complete week" + (later.isEmpty ? "" : " (\(later.joined(separator: "; ")))"))
    }

    /// The days each week of a `weeks/reports.json` covers.
    static func coveredDays(in path: String) throws(DeliveryError) -> [ISOWeek: Int] {
        let problem = DeliveryError("'\(path)' is not a record of weekly reports: build the site again, or choose a week with --week")
        guard let data = FileManager.default.contents(atPath: path),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any], let entries = object["weeks"] as? [[String: Any]]
        else { throw problem }
        var days: [ISOWeek: Int] = [:]
        for entry in entries {
            guard let name = entry["week"] as? String, let week = ISOWeek.parse(name), let count = entry["days"] as? Int else { throw problem }
            days[week] = count
        }
        return days
    }

    /// The file's bytes, exactly.
    public func read() throws(DeliveryError) -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: path), !Self.isFolder(path) else {
            throw DeliveryError("cannot read '\(path)'")
        }
        return [UInt8](data)
    }

    /// The weeks that have a folder named for them (`2026-W47`) in `weeksFolder`, oldest first.
    static func builtWeeks(in weeksFolder: String) -> [ISOWeek] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: weeksFolder)) ?? []
        let weeks = names.compactMap { name -> ISOWeek? in
            // Only the spelling the site writes: `2026-w47` is not a folder of ours.
            guard let week = ISOWeek.parse(name), week.description == name, isFolder(weeksFolder + "/" + name) else { return nil }
            return week
        }
        return weeks.sorted()
    }

    static func isFolder(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    static func trimmingTrailingSlashes(_ path: String) -> String {
        var path = path
        while path.count > 1, path.hasSuffix("/") { path.removeLast() }
        return path
    }
}

extension DigestFormat {
    /// How messages name the digest: "Slack", "Discord", "text".
    public var displayName: String {
        switch self {
        case .slack: return "Slack"
        case .discord: return "Discord"
        case .text: return "text"
        }
    }
}
