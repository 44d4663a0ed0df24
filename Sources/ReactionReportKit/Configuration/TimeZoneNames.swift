import Foundation
import InputFiles

/// The time zones a report can be counted in, and the ones a name that is none of them most
/// likely means: `--timezone` and the configuration file's `timezone` suggest them.
public enum TimeZoneNames {
    /// The zones the system knows, sorted: Foundation's `TimeZone.knownTimeZoneIdentifiers`
    /// (ICU's, whose rules `WeekCalendar` counts in), the zones of the system's tz database
    /// where it has one (ICU names some by an older name: `Asia/Calcutta`, not `Asia/Kolkata`),
    /// and `UTC` and `GMT`; only names Foundation accepts.
    public static let known: [String] = {
        var names = Set(TimeZone.knownTimeZoneIdentifiers + ["UTC", "GMT"])
        names.formUnion(zones(inTable: (try? DiskFiles.contents(of: systemZoneTable)) ?? []))
        return names.filter { TimeZone(identifier: $0) != nil }.sorted()
    }()

    /// The tz database's table of zones (one line a zone: countries, coordinates, name, …).
    static let systemZoneTable = "/usr/share/zoneinfo/zone1970.tab"

    /// The zone names of a `zone1970.tab` table: the third column of each line that is not a comment.
    static func zones(inTable bytes: [UInt8]) -> [String] {
        String(decoding: bytes, as: UTF8.self).split(separator: "\n").compactMap { line in
            let columns = line.split(separator: "\t", omittingEmptySubsequences: false)
            return line.hasPrefix("#") || columns.count < 3 ? nil : String(columns[2])
        }
    }

    /// The zones `name` most likely means, when it is not one: the same name in other case
    /// (`europe/berlin`), a zone whose last part it is (`Berlin`, `new york`), then the zones
    /// nearest to it in spelling, whole (`America/New_Yrok`) or by their last part (`Berln`).
    /// Empty when none is close.
    /// - Parameters:
    ///   - known: the zones to choose from, `known` unless a test gives others.
    ///   - limit: at most this many, in the order of `known` where they are equally close.
    public static func suggestions(for name: String, among known: [String] = known, limit: Int = 3) -> [String] {
        let typed = name.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: " ", with: "_")
        guard !typed.isEmpty else { return [] }
        let lowered = typed.lowercased()
        var same = known.filter { $0.lowercased() == lowered }
        // Zones given by an offset (`UTC+1`) are understood in capitals only.
        if same.isEmpty, typed.uppercased() != typed, TimeZone(identifier: typed.uppercased()) != nil { same = [typed.uppercased()] }
        if !same.isEmpty { return Array(same.prefix(limit)) }
        let lastParts = known.map { lastPart(of: $0) }
        let sameLastPart = zip(known, lastParts).filter { $0.1.lowercased() == lowered }.map(\.0)
        if !sameLastPart.isEmpty { return Array(sameLastPart.prefix(limit)) }
        let whole = NameSuggestions.closest(to: typed, among: known, limit: limit)
        if !whole.isEmpty { return whole }
        let byLastPart = NameSuggestions.closest(to: typed, among: lastParts, limit: known.count)
        return Array(zip(known, lastParts).filter { byLastPart.contains($0.1) }.map(\.0).prefix(limit))
    }

    /// "did you mean Europe/Berlin?" (the suggestions, each quoted by `quote`), or nil when no
    /// zone is close to `name`.
    public static func question(for name: String, quote: (String) -> String = { $0 }) -> String? {
        let zones = suggestions(for: name)
        return zones.isEmpty ? nil : "did you mean " + NameSuggestions.alternatives(zones.map(quote)) + "?"
    }

    /// The part of a zone's name after its last `/` (`New_York`), or the whole name.
    static func lastPart(of zone: String) -> String {
        zone.split(separator: "/").last.map(String.init) ?? zone
    }
}
