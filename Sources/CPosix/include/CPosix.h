// POSIX calls the Swift Glibc module does not expose. Declarations only: the definitions in
// posix.c include the system headers with the feature macros they need.
#ifndef REACTION_REPORT_CPOSIX_H
#define REACTION_REPORT_CPOSIX_H

/// Swaps two paths in one step (Linux renameat2 with RENAME_EXCHANGE): at every moment each
/// name holds a whole folder. Returns 0, or -1 with errno (EINVAL or ENOSYS where the file
/// system or kernel cannot, and the caller falls back to two renames).
int rr_exchange_paths(const char *a, const char *b);

/// A TCP socket listening on 127.0.0.1 at a port the system picks (for the tests' HTTP
/// server): the socket, with the port in `*port`, or -1 with errno. In C, because binding takes
/// a socket address that Swift can only pass through pointer casts.
int rr_listen_loopback(unsigned short *port);

/// A TCP socket connected to 127.0.0.1:`port` (for the tests' HTTP clients), whose reads give
/// up after `timeout_seconds`: the socket, or -1 with errno. In C for the same reason.
int rr_connect_loopback(unsigned short port, int timeout_seconds);

/// Starts this program again with its own arguments (read from /proc/self/cmdline) and the
/// current environment: does not return when it works; returns -1 with errno when it cannot
/// (not Linux, /proc unreadable, exec refused). In C, because exec takes the C argument vector.
int rr_restart_self(void);

/// The open flag that writes a file past the page cache, straight from the caller's memory to
/// the device (Linux O_DIRECT, which the Swift Glibc module leaves out); 0 where there is none.
int rr_direct_io_flag(void);

/// Hands the free memory inside the allocator's heaps back to the system (glibc malloc_trim).
void rr_release_free_memory(void);

/// Fixes the size from which glibc's malloc maps a block of its own (M_MMAP_THRESHOLD), which
/// also stops glibc from raising it each time such a block is freed; nothing elsewhere.
void rr_fix_mmap_threshold(unsigned int bytes);

/// Guards a read-only file mapping of `size` bytes at `base`: where a read reaches a page past
/// the file's end (another program truncated the file while it is mapped), the system's SIGBUS
/// no longer stops the process; a page of zeros is mapped there instead and the guard is marked.
/// Returns the guard's number for `rr_mapping_truncated` and `rr_unguard_mapping`, or -1 when
/// every guard is taken (the mapping then stays unguarded).
int rr_guard_mapping(const void *base, unsigned long size);

/// 1 once a read of the guarded mapping `guard` reached past the file's end, else 0.
int rr_mapping_truncated(int guard);

/// Ends the guard `guard`, before its mapping is unmapped.
void rr_unguard_mapping(int guard);

#endif
