import InputFiles
import JSONReader

extension ImportError {
    /// A document that is not JSON, at the line and column the parser stopped.
    init(_ error: JSONError) {
        self.init(file: error.file, line: error.line, column: error.column, reason: error.reason)
    }

    /// A file, folder or archive that cannot be read.
    init(_ error: FileError) {
        self.init(file: error.file, reason: error.reason)
    }
}

/// Runs `body`, turning the errors of the reader modules (`JSONError`, `FileError`) into
/// `ImportError`s.
func readingInput<T>(_ body: () throws -> T) throws -> T {
    do {
        return try body()
    } catch let error as JSONError {
        throw ImportError(error)
    } catch let error as FileError {
        throw ImportError(error)
    }
}
