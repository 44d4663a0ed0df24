import Foundation
import ReactionReportKit

/// The options of a build: a configuration file, and command-line flags over it. The flags'
/// parsing (ArgumentParser) and their `validate()` live in the executable, which this target
/// cannot import; each flag here goes through the library check the command line calls for it
/// (`PeriodBound.parse` and `isSupported`, `Shard`, `ConfigurationFile.isTimeZone`,
/// `normalizedBaseURL`, `ReactionOrder`, `BuildOptions.OutputFormat`), a refused one ending the
/// input as the usage error would.
enum FuzzOptions {
    /// A configuration file, then a build with what it says.
    static func configuration(_ bytes: [UInt8]) {
        guard let options = read(bytes, into: BuildOptions()) else { return }
        FuzzSite.build(options)
    }

    /// Flags, one a line (`--since 2026-W01`, `--anonymize`), and after a NUL byte an optional
    /// configuration file they win over, then a build.
    static func flags(_ bytes: [UInt8]) {
        let parts = bytes.split(separator: 0, maxSplits: 1, omittingEmptySubsequences: false)
        var options = BuildOptions()
        if parts.count == 2 {
            guard let configured = read(Array(parts[1]), into: options) else { return }
            options = configured
        }
        for line in String(decoding: parts[0], as: UTF8.self).split(separator: "\n") {
            let words = line.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: false)
            guard apply(String(words[0]), words.count > 1 ? String(words[1]) : nil, to: &options) else { return }
        }
        // `InputOptions.checkPeriod`: an empty period, whichever of flags and file gave it.
        if let since = options.since, let until = options.until, since.firstDay >= until.dayAfter { return }
        FuzzSite.build(options)
    }

    /// The file's options, or nil when it is refused (an error naming the file is the expected
    /// answer; any other is a finding).
    static func read(_ bytes: [UInt8], into options: BuildOptions) -> BuildOptions? {
        var options = options
        do {
            try ConfigurationFile.apply(TOMLParser.parse(bytes, file: "fuzz/reaction-report.toml"), to: &options)
        } catch is LocatedError {
            return nil
        } catch {
            fatalError("a configuration file gave an error that is not located: \(error)")
        }
        // A templates folder it names is not read: it could be any folder of this machine.
        options.templates = nil
        return options
    }

    /// Applies one flag as the command line does; false where the command line refuses it.
    static func apply(_ flag: String, _ value: String?, to options: inout BuildOptions) -> Bool {
        if let on = switchFlag(flag, to: &options) { return on && value == nil }
        guard let value else { return false }
        switch flag {
        case "--since", "--until":
            guard let bound = PeriodBound.parse(value), bound.isSupported else { return false }
            if flag == "--since" { options.since = bound } else { options.until = bound }
        case "--timezone":
            guard ConfigurationFile.isTimeZone(value) else { return false }
            options.timezone = value
        case "--shard":
            guard let shard = Shard(value) else { return false }
            options.shard = shard
        case "--page-size":
            guard let size = Int(value), size >= 1 else { return false }
            options.pageSize = size
        case "--base-url":
            guard let url = ConfigurationFile.normalizedBaseURL(value) else { return false }
            options.baseURL = url
        case "--reaction-order":
            guard let order = ReactionOrder(rawValue: value) else { return false }
            options.reactionOrder = order
        case "--format":
            let names = value.split(separator: ",", omittingEmptySubsequences: false)
            let formats = names.compactMap { BuildOptions.OutputFormat(rawValue: $0.trimmingCharacters(in: .whitespaces)) }
            guard formats.count == names.count else { return false }
            options.formats = Set(formats)
        case "--title": options.title = value
        case "--viewer": options.viewer = value
        case "--reaction-action-type": options.reactionActionTypes.insert(value)
        default: return false
        }
        return true
    }

    /// The on/off flags: true when `flag` is one (and applied), nil when it is not.
    static func switchFlag(_ flag: String, to options: inout BuildOptions) -> Bool? {
        let on = !flag.hasPrefix("--no-")
        switch on ? flag : "--" + flag.dropFirst("--no-".count) {
        case "--merge-skin-tones": options.mergeSkinTones = on
        case "--include-direct-messages": options.includeDirectMessages = on
        case "--anonymize": options.anonymize = on
        case "--public": options.isPublic = on
        default: return nil
        }
        return true
    }
}
