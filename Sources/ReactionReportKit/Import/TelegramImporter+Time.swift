import JSONReader

/// Times in Telegram Desktop exports: `date_unixtime` (Unix seconds as text) where the export has
/// it, and `date`, the same instant on the exporting computer's clock without an offset.
extension TelegramImporter {
    /// `date_unixtime` when readable; else `date`, moved from local time by the known offset.
    /// Learns the exporter's offset from every message that has both.
    func messageTime(_ message: JSONValue, id: String, state: inout ChatState, into sink: ImportSink) -> Timestamp? {
        let exact = sink.time(message["date_unixtime"], what: "message \(id) date_unixtime") { $0.identifier.flatMap(Timestamp.decimalSeconds) }
        let localText = message["date"]?.string
        let local = localText.flatMap(Timestamp.iso8601)
        if let exact, let local, let localText, !hasZone(localText) {
            let offset = local.seconds - exact.seconds
            if abs(offset) <= 14 * 3600, offset % 60 == 0 { state.zoneOffset = offset }
        }
        if let exact { return exact }
        return sink.time(message["date"], what: "message \(id) date") { value in
            value.string.flatMap { localTime($0, offset: state.zoneOffset) }
        }
    }

    /// A local date-time without offset, as UTC moved back by `offset` seconds (when known). Text
    /// that carries its own offset is read with it.
    func localTime(_ text: String, offset: Int64?) -> Timestamp? {
        guard let time = Timestamp.iso8601(text) else { return nil }
        guard let offset, !hasZone(text) else { return time }
        return Timestamp.checked(time.nanoseconds - offset * 1_000_000_000, digits: time.fractionDigits)
    }

    /// True when ISO 8601 text ends in `Z` or a `±hh:mm` offset after its time of day.
    func hasZone(_ text: String) -> Bool {
        guard let time = text.firstIndex(where: { $0 == "T" || $0 == "t" || $0 == " " }) else { return false }
        return text[time...].contains { $0 == "Z" || $0 == "z" || $0 == "+" || $0 == "-" }
    }
}
