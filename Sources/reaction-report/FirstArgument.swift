import Foundation
import ReactionReportKit

/// What the command line makes of its first argument before ArgumentParser reads it, where
/// `build`, the default subcommand, would otherwise take it for an input: nothing at all with
/// no `Examples` folder to build, or a subcommand misspelt.
enum FirstArgument {
    /// True for a bare `reaction-report` where the working folder holds no `Examples` folder:
    /// a build of the default input would only fail to find it.
    static func isBareWithoutExamples(_ arguments: [String]) -> Bool {
        var isFolder: ObjCBool = false
        return arguments.isEmpty && !(FileManager.default.fileExists(atPath: InputOptions.defaultInput, isDirectory: &isFolder) && isFolder.boolValue)
    }

    /// The command the first argument is a slip for (`inpsect` → `inspect`), when it is no
    /// command, no option and no file or folder that exists, and is near one of `commands`.
    static func misspeltCommand(_ arguments: [String], commands: [String]) -> String? {
        guard let first = arguments.first, !first.hasPrefix("-"), !commands.contains(first),
            !FileManager.default.fileExists(atPath: first)
        else { return nil }
        return NameSuggestions.closest(to: first, among: commands, limit: 1).first
    }
}
