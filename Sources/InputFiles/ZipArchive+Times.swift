import Foundation

/// When an archive's entries were last modified, as its central directory records it: the
/// extended timestamp extra field (Info-ZIP's `UT`, 0x5455: seconds since 1970 in UTC), else the
/// NTFS extra field (0x000a: a Windows FILETIME), else the MS-DOS date and time every record
/// carries, which hold no zone and are read as local time, as `unzip` reads them (APPNOTE
/// 4.4.6 and 4.5.5; Info-ZIP's extrafld.txt).
extension ZipArchive {
    /// When an entry was last modified, as its record gives it: a time in UTC from an extra
    /// field, else the DOS date and time as they stand (date in the high half), converted only
    /// when asked for (a calendar's conversion costs microseconds, and an archive may list a
    /// million entries; DOS values order as the times they name).
    struct EntryTime: Sendable {
        /// Nanoseconds since 1970-01-01T00:00:00Z, from an extra field.
        var exact: Int64?
        var dos: UInt32

        /// The time in nanoseconds since 1970-01-01T00:00:00Z, nil when the record gives none.
        var nanoseconds: Int64? { exact ?? ZipArchive.dosTime(time: UInt16(truncatingIfNeeded: dos), date: UInt16(dos >> 16)) }
    }

    /// The latest of `times` (nil when none gives a time), converting one DOS time at most.
    static func latest(_ times: some Sequence<EntryTime>) -> Int64? {
        var exact: Int64?
        var dos: UInt32 = 0
        for time in times {
            if let value = time.exact { exact = max(exact ?? value, value) } else { dos = max(dos, time.dos) }
        }
        let local = dos == 0 ? nil : EntryTime(exact: nil, dos: dos).nanoseconds
        guard let exact else { return local }
        return max(exact, local ?? exact)
    }

    /// The time the record at `record` gives its entry (`EntryTime`).
    /// - Parameter extra: the record's extra field.
    static func modificationTime(record: Int, extra: Range<Int>, in archive: ZipBytes) -> EntryTime {
        let dos = UInt32(archive.uint16(record + 14)) << 16 | UInt32(archive.uint16(record + 12))
        var field = extra.lowerBound
        var ntfs: Int64?
        while field + 4 <= extra.upperBound {
            let body = field + 4
            let end = body + Int(archive.uint16(field + 2))
            guard end <= extra.upperBound else { break }
            switch archive.uint16(field) {
            case 0x5455 where end - body >= 5 && archive.uint16(body) & 1 == 1:
                return EntryTime(exact: Int64(Int32(bitPattern: archive.uint32(body + 1))) * 1_000_000_000, dos: dos)
            case 0x000a where ntfs == nil:
                ntfs = ntfsModificationTime(body: body..<end, in: archive)
            default:
                break
            }
            field = end
        }
        return EntryTime(exact: ntfs, dos: dos)
    }

    /// The modification time of an NTFS extra field's body: its attribute 1 holds three
    /// FILETIMEs (100-nanosecond ticks since 1601-01-01), the first the modification time.
    static func ntfsModificationTime(body: Range<Int>, in archive: ZipBytes) -> Int64? {
        var tag = body.lowerBound + 4
        while tag + 4 <= body.upperBound {
            let size = Int(archive.uint16(tag + 2))
            guard tag + 4 + size <= body.upperBound else { return nil }
            if archive.uint16(tag) == 1, size >= 24 {
                let ticks = archive.uint64(tag + 4)
                let since1970 = Int64(clamping: ticks) - 116_444_736_000_000_000
                let nanoseconds = since1970.multipliedReportingOverflow(by: 100)
                return nanoseconds.overflow ? nil : nanoseconds.partialValue
            }
            tag += 4 + size
        }
        return nil
    }

    /// An MS-DOS date and time (two-second steps), read in the local time zone; nil for a date
    /// of zero or one that names no day.
    static func dosTime(time: UInt16, date: UInt16) -> Int64? {
        let month = Int(date >> 5 & 0xF), day = Int(date & 0x1F)
        guard date != 0, (1...12).contains(month), (1...31).contains(day) else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone.current
        let components = DateComponents(
            year: Int(date >> 9) + 1980, month: month, day: day, hour: Int(time >> 11), minute: Int(time >> 5 & 0x3F), second: Int(time & 0x1F) * 2)
        guard let moment = calendar.date(from: components) else { return nil }
        return Int64(moment.timeIntervalSince1970) * 1_000_000_000
    }
}
