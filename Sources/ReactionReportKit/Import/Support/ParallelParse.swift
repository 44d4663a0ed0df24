import Foundation

/// Parses a batch of files on every core into whatever the importer keeps of each
/// (`ImportRecords`). Reading the bytes stays on the calling thread (in order, so progress and
/// archives see one reader), and so does recording into the ledger. Results come back in input
/// order, errors included, so the first bad file in order is the one reported, as when reading
/// one by one.
enum ParallelParse {
    /// Hands each file's name and bytes to `read`, which parses them, on every core; results
    /// in input order.
    static func results<T>(_ files: [(name: String, bytes: Result<[UInt8], Error>)],
                           read: @escaping (Int, String, [UInt8]) throws -> T) -> [Result<T, Error>] {
        let slots = UnsafeMutablePointer<Result<T, Error>?>.allocate(capacity: files.count)
        slots.initialize(repeating: nil, count: files.count)
        defer {
            slots.deinitialize(count: files.count)
            slots.deallocate()
        }
        let shared = Shared(files: files, read: read, slots: slots)
        Concurrently.perform(files.count) { index in
            let file = shared.files[index]
            shared.slots[index] = Result { try shared.read(index, file.name, try file.bytes.get()) }
        }
        return (0..<files.count).map { slots[$0]! }
    }

    /// Starts `results` in the background, so that the caller can record the batch before it
    /// meanwhile: parsing and reading overlap recording on two cores. `read` may only read
    /// shared state.
    static func start<T>(_ files: [(name: String, bytes: Result<[UInt8], Error>)],
                         read: @escaping @Sendable (Int, String, [UInt8]) throws -> T) -> Pending<T> {
        let pending = Pending<T>()
        let input = Unchecked(files: files)
        DispatchQueue.global().async(group: pending.group) {
            pending.results = results(input.files, read: read)
        }
        return pending
    }

    /// A batch being parsed and read in the background.
    final class Pending<T>: @unchecked Sendable {
        let group = DispatchGroup()
        /// Written once by the background job, read after `wait`.
        var results: [Result<T, Error>] = []

        /// The batch's results, in input order, once ready.
        func wait() -> [Result<T, Error>] {
            group.wait()
            return results
        }
    }

    /// File bytes handed to the background job (read only there).
    struct Unchecked: @unchecked Sendable {
        let files: [(name: String, bytes: Result<[UInt8], Error>)]
    }

    /// Each iteration reads its own file and writes only its own slot.
    struct Shared<T>: @unchecked Sendable {
        let files: [(name: String, bytes: Result<[UInt8], Error>)]
        let read: (Int, String, [UInt8]) throws -> T
        let slots: UnsafeMutablePointer<Result<T, Error>?>
    }
}
