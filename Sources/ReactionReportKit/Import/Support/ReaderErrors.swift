import JSONReader

extension ImportError {
    /// A document that is not JSON, at the line and column the parser stopped.
    init(_ error: JSONError) {
        self.init(file: error.file, line: error.line, column: error.column, reason: error.reason)
    }
}

/// Runs `body`, turning the JSON reader's errors into `ImportError`s.
func readingJSON<T>(_ body: () throws -> T) throws -> T {
    do {
        return try body()
    } catch let error as JSONError {
        throw ImportError(error)
    }
}
