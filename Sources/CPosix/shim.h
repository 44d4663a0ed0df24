// POSIX calls the Swift Glibc module does not expose.
#ifndef REACTION_REPORT_CPOSIX_H
#define REACTION_REPORT_CPOSIX_H

#include <errno.h>
#include <fcntl.h>
#include <unistd.h>
#if defined(__linux__)
#include <sys/syscall.h>
#endif

/// Swaps two paths in one step (Linux renameat2 with RENAME_EXCHANGE): at every moment each
/// name holds a whole folder. Returns 0, or -1 with errno (EINVAL or ENOSYS where the file
/// system or kernel cannot, and the caller falls back to two renames).
static inline int rr_exchange_paths(const char *a, const char *b) {
#if defined(__linux__) && defined(SYS_renameat2)
    return (int)syscall(SYS_renameat2, AT_FDCWD, a, AT_FDCWD, b, 2 /* RENAME_EXCHANGE */);
#else
    errno = ENOSYS;
    return -1;
#endif
}

#endif
