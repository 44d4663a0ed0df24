extension Int {
    /// The sum, held at the ends of `Int` instead of overflowing: counts come from the input,
    /// and no count may stop a build. One that would pass `Int.max` is `Int.max`, one that would
    /// pass `Int.min` (negative counts) is `Int.min`; every figure stays an `Int`, which the data
    /// files write as a 64-bit JSON number.
    public func addingClamped(_ other: Int) -> Int {
        let (sum, overflow) = addingReportingOverflow(other)
        return overflow ? (other > 0 ? .max : .min) : sum
    }

    /// Adds `other` in place, held at the ends of `Int` (`addingClamped`): one lookup where the
    /// `Int` is a dictionary entry.
    @inline(__always)
    mutating func addClamped(_ other: Int) {
        self = addingClamped(other)
    }
}
