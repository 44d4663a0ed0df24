// The tables a TOML document builds while it is read: which keys and headers may add to
// which table, and the values put into them.

extension TOMLParser {
    /// How a table was made, which decides whether later lines may add to it.
    enum Origin {
        /// The document's top level, or an inline table while it is read.
        case root
        /// Made by a `[header]`.
        case header
        /// Made on the way to a deeper header (`a` for `[a.b]`); a later `[a]` may still define it.
        case implicit
        /// Made by a dotted key (`a.b = 1` makes `a`).
        case dotted
    }

    /// The tables of a document, or of an inline table, while they are filled in: the values
    /// themselves, and what the parser must remember of the tables it made. A table it did not
    /// make (one written inline, found as a value) is complete and cannot be added to.
    struct TableAssembly {
        /// What is known of a table the assembly made. Tables are named by their number in
        /// `made`; 0 is `table` itself.
        struct Made {
            var origin: Origin
            /// Its key below `table`.
            let path: [String]
            /// The entry indices that lead from `table` to it.
            let route: [Int]
            /// The entry index of each key.
            var slots: [String: Int] = [:]
            /// The number of each table under its keys that the assembly made.
            var tables: [String: Int] = [:]
        }

        private(set) var table = TOMLTable()
        /// The key of `table` in the document, for messages.
        let path: [String]
        private var made = [Made(origin: .root, path: [], route: [])]

        init(path: [String]) {
            self.path = path
        }

        /// The key in the document of table `number`.
        func key(of number: Int) -> [String] {
            path + made[number].path
        }

        /// Adds `value` under a (dotted) key to table `base`, making the tables on the way.
        mutating func insert(_ value: TOMLValue, at key: [KeyPart], below base: Int) throws {
            var current = base
            for (index, part) in key.enumerated() {
                if index == key.count - 1 {
                    guard made[current].slots[part.name] == nil else { throw failure("duplicate key '\(shown(part, in: current))'", part) }
                    add(value, at: part, to: current)
                    return
                }
                if let inner = made[current].tables[part.name] {
                    guard made[inner].origin == .dotted else {
                        throw failure("the table '\(shown(part, in: current))' is defined by a header and cannot be extended with dotted keys", part)
                    }
                    current = inner
                } else if let existing = entry(part.name, in: current) {
                    throw notATableToExtend(existing, part, in: current)
                } else {
                    current = add(TOMLValue(.table(TOMLTable()), at: part.position), at: part, to: current, making: .dotted)
                }
            }
        }

        /// The number of the table a `[header]` with `key` opens, made (with the tables on the
        /// way) when new.
        mutating func openHeader(_ key: [KeyPart]) throws -> Int {
            var current = 0
            for (index, part) in key.enumerated() {
                let last = index == key.count - 1
                if let inner = made[current].tables[part.name] {
                    if last {
                        guard made[inner].origin == .implicit else { throw failure("the table '\(shown(part, in: current))' is already defined", part) }
                        made[inner].origin = .header
                    }
                    current = inner
                } else if let existing = entry(part.name, in: current) {
                    throw notATableToExtend(existing, part, in: current)
                } else {
                    current = add(TOMLValue(.table(TOMLTable()), at: part.position), at: part, to: current, making: last ? .header : .implicit)
                }
            }
            return current
        }

        /// The dotted key of `part` in table `number`, as messages show it.
        func shown(_ part: KeyPart, in number: Int) -> String {
            TOMLKey.display(key(of: number) + [part.name])
        }

        func failure(_ reason: String, _ part: KeyPart) -> Failure {
            Failure(offset: part.offset, reason: reason)
        }

        /// The error for a key that leads through `existing`, a value the assembly did not make
        /// as a table: a string, an integer, …, or an inline table, which is complete.
        func notATableToExtend(_ existing: TOMLValue, _ part: KeyPart, in number: Int) -> Failure {
            guard case .table = existing.kind else {
                return failure("'\(shown(part, in: number))' is already defined as \(existing.typeName)", part)
            }
            return failure("the inline table '\(shown(part, in: number))' cannot be extended", part)
        }

        /// The value under `name` in table `number`.
        func entry(_ name: String, in number: Int) -> TOMLValue? {
            guard let index = made[number].slots[name] else { return nil }
            var inner = table
            for step in made[number].route {
                guard case .table(let next) = inner.entries[step].value.kind else { preconditionFailure("a route leads through tables") }
                inner = next
            }
            return inner.entries[index].value
        }

        /// Appends an entry to table `number`. When the value is a table made here, `origin`
        /// says how, and the number it gets is returned: later keys and headers may add to it.
        @discardableResult
        mutating func add(_ value: TOMLValue, at part: KeyPart, to number: Int, making origin: Origin? = nil) -> Int {
            let index = made[number].slots.count
            Self.change(&table, at: made[number].route[...]) {
                $0.entries.append(TOMLTable.Entry(key: part.name, keyPosition: part.position, value: value))
            }
            made[number].slots[part.name] = index
            guard let origin else { return number }
            made.append(Made(origin: origin, path: made[number].path + [part.name], route: made[number].route + [index]))
            made[number].tables[part.name] = made.count - 1
            return made.count - 1
        }

        /// Lets `body` change the table at `route` below `table` in place.
        static func change(_ table: inout TOMLTable, at route: ArraySlice<Int>, _ body: (inout TOMLTable) -> Void) {
            guard let step = route.first else { return body(&table) }
            guard case .table(var inner) = table.entries[step].value.kind else { preconditionFailure("a route leads through tables") }
            // Take the table out while it changes, so that its entries are not shared and not copied.
            table.entries[step].value.kind = .boolean(false)
            change(&inner, at: route.dropFirst(), body)
            table.entries[step].value.kind = .table(inner)
        }
    }
}
