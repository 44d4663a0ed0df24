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
            guard !current.contains("glibc.malloc.hugetlb"), ImportRun.readableBytes(in: inputs, atLeast: threshold) else {
                fixMappingThreshold(tunables: current)
                return
            }
            // The user's settings come last, so that theirs win where both name one.
            guard setenv("GLIBC_TUNABLES", current.isEmpty ? tunables : tunables + ":" + current, 1) == 0 else { return }
            _ = rr_restart_self()
            // Still here: the exec failed. Run as we are, with the environment as it was.
            if current.isEmpty { unsetenv("GLIBC_TUNABLES") } else { setenv("GLIBC_TUNABLES", current, 1) }
            fixMappingThreshold(tunables: current)
        }

        /// For a build without the restart: blocks from 128 kB on stay mappings of their own, as
        /// glibc starts. Left alone, glibc raises that size to each such block freed (up to 32
        /// MB), and rendering a long text frees a few: later blocks of that size then come from
        /// the heap, where freed they stay resident. Telegram's 4 MiB of line breaks peaked at
        /// 18.6 bytes a byte above a one-word build (release), 14.3 with the size fixed; a 1M
        /// Slack build (with the restart's own settings) is not touched. Settings the user gave
        /// for it (`MALLOC_MMAP_THRESHOLD_`, `GLIBC_TUNABLES`) win.
        static func fixMappingThreshold(tunables: String) {
            guard getenv("MALLOC_MMAP_THRESHOLD_") == nil, !tunables.contains("mmap_threshold") else { return }
            rr_fix_mmap_threshold(128 * 1024)
        }
    }
#else
    enum AllocatorSettings {
        static func apply(forInputs inputs: [String]) {}
    }
#endif
