import Foundation

/// Parses a batch of files on every core. Reading the bytes stays on the calling thread (in
/// order, so progress and archives see one reader); only the JSON parsing, most of an
/// importer's time, runs in parallel. Results come back in input order, errors included, so
/// the first bad file in order is the one reported, as when reading one by one.
enum ParallelParse {
    static func documents(_ files: [(name: String, bytes: Result<[UInt8], Error>)]) -> [Result<InputDocument, Error>] {
        let slots = UnsafeMutablePointer<Result<InputDocument, Error>?>.allocate(capacity: files.count)
        slots.initialize(repeating: nil, count: files.count)
        defer {
            slots.deinitialize(count: files.count)
            slots.deallocate()
        }
        let shared = Shared(files: files, slots: slots)
        DispatchQueue.concurrentPerform(iterations: files.count) { index in
            let file = shared.files[index]
            shared.slots[index] = Result { try InputDocument.parse(try file.bytes.get(), name: file.name) }
        }
        return (0..<files.count).map { slots[$0]! }
    }

    /// Starts parsing a batch in the background, so that the caller can record the batch
    /// before it meanwhile: parsing overlaps recording on two cores.
    static func start(_ files: [(name: String, bytes: Result<[UInt8], Error>)]) -> Pending {
        let pending = Pending()
        let input = Unchecked(files: files)
        DispatchQueue.global().async(group: pending.group) {
            pending.documents = documents(input.files)
        }
        return pending
    }

    /// A batch being parsed in the background.
    final class Pending: @unchecked Sendable {
        let group = DispatchGroup()
        /// Written once by the background job, read after `wait`.
        var documents: [Result<InputDocument, Error>] = []

        /// The batch's documents, in input order, once parsed.
        func wait() -> [Result<InputDocument, Error>] {
            group.wait()
            return documents
        }
    }

    /// File bytes handed to the background job (read only there).
    struct Unchecked: @unchecked Sendable {
        let files: [(name: String, bytes: Result<[UInt8], Error>)]
    }

    /// Each iteration reads its own file and writes only its own slot.
    struct Shared: @unchecked Sendable {
        let files: [(name: String, bytes: Result<[UInt8], Error>)]
        let slots: UnsafeMutablePointer<Result<InputDocument, Error>?>
    }
}
