import InputFiles
import JSONReader

extension LocatedError {
    /// A file, folder or archive that cannot be read.
    init(_ error: FileError) {
        self.init(file: error.file, reason: error.reason)
    }
}

/// Runs `body`, turning the file errors of the reader modules (`FileError`) into located
/// errors (the JSON reader's errors are located errors already).
func readingInput<T>(_ body: () throws -> T) throws -> T {
    do {
        return try body()
    } catch let error as FileError {
        throw LocatedError(error)
    }
}
