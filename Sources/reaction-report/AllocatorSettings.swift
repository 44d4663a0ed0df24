#if canImport(Glibc)
    import CPosix
    import Glibc
    import ReactionReportKit

    /// glibc's allocator, set for a build that allocates and frees gigabytes: memory comes in
    /// transparent huge pages (`hugetlb`), is not handed back to the system after each large free
    /// (`trim_threshold`), and blocks under 32 MB come from the heap rather than from mappings
    /// unmapped again when freed (`mmap_threshold`). The kernel then zeroes and maps 2 MB at a time
    /// instead of 4 KB, about half a million page faults fewer on a million Slack messages (a fifth
    /// of the build's time on a virtual machine, where a fault also costs the host one).
    ///
    /// These are tunables, read by glibc only when a program starts (`GLIBC_TUNABLES`), so the
    /// program starts itself once more with them set, when the command line has been read and the
    /// inputs are large enough for that to pay (a restart costs about 4 ms; a 20,000-message export
    /// of 6 MB gains nothing, a million messages about a seventh of the build). Settings the user
    /// gave for glibc's allocator are kept and win; `GLIBC_TUNABLES` naming `glibc.malloc.hugetlb`
    /// (to any value) means no restart, which is also how profilers that do not follow an exec keep
    /// the program whole.
    enum AllocatorSettings {
        static let tunables = "glibc.malloc.hugetlb=1:glibc.malloc.trim_threshold=4294967295:glibc.malloc.mmap_threshold=33554432"
        /// Inputs from this size on (the bytes they hold that may be read) are worth a restart.
        static let threshold = 32_000_000

        /// Restarts with `tunables` added when `inputs` hold at least `threshold` bytes to read and
        /// the environment does not name them yet. Called before anything is read or written;
        /// returns only when there is no restart, or when it cannot be done (the program then runs
        /// as it is).
        static func apply(forInputs inputs: [String]) {
            let current = getenv("GLIBC_TUNABLES").map { String(cString: $0) } ?? ""
            guard !current.contains("glibc.malloc.hugetlb"), ImportRun.readableBytes(in: inputs, atLeast: threshold) else { return }
            // The user's settings come last, so that theirs win where both name one.
            guard setenv("GLIBC_TUNABLES", current.isEmpty ? tunables : tunables + ":" + current, 1) == 0 else { return }
            _ = rr_restart_self()
            // Still here: the exec failed. Run as we are, with the environment as it was.
            if current.isEmpty { unsetenv("GLIBC_TUNABLES") } else { setenv("GLIBC_TUNABLES", current, 1) }
        }
    }
#else
    enum AllocatorSettings {
        static func apply(forInputs inputs: [String]) {}
    }
#endif
