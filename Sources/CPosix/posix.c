// POSIX calls the Swift Glibc module does not expose, compiled on their own so that the
// feature macros they need (_GNU_SOURCE for O_DIRECT) never reach a header Swift imports: the
// Glibc module is built without them, and two views of one system struct cannot meet.
#define _GNU_SOURCE

#include "CPosix.h"

#include <errno.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdint.h>
#include <sys/mman.h>
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/time.h>
#if defined(__linux__)
#include <sys/syscall.h>
#endif

/// Swaps two paths in one step (Linux renameat2 with RENAME_EXCHANGE): at every moment each
/// name holds a whole folder. Returns 0, or -1 with errno (EINVAL or ENOSYS where the file
/// system or kernel cannot, and the caller falls back to two renames).
int rr_exchange_paths(const char *a, const char *b) {
#if defined(__linux__) && defined(SYS_renameat2)
    return (int)syscall(SYS_renameat2, AT_FDCWD, a, AT_FDCWD, b, 2 /* RENAME_EXCHANGE */);
#else
    errno = ENOSYS;
    return -1;
#endif
}

/// A TCP socket listening on 127.0.0.1 at a port the system picks (for the tests' HTTP
/// server): the socket, with the port in `*port`, or -1 with errno. In C, because binding takes
/// a socket address that Swift can only pass through pointer casts.
int rr_listen_loopback(unsigned short *port) {
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    if (fd < 0) return -1;
    struct sockaddr_in address = {0};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t length = sizeof address;
    if (bind(fd, (struct sockaddr *)&address, length) != 0 || listen(fd, 16) != 0
        || getsockname(fd, (struct sockaddr *)&address, &length) != 0) {
        int saved = errno;
        close(fd);
        errno = saved;
        return -1;
    }
    *port = ntohs(address.sin_port);
    return fd;
}

/// A TCP socket connected to 127.0.0.1:`port` (for the tests' HTTP clients), whose reads give
/// up after `timeout_seconds`: the socket, or -1 with errno. In C for the same reason.
int rr_connect_loopback(unsigned short port, int timeout_seconds) {
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    if (fd < 0) return -1;
    struct timeval wait = {.tv_sec = timeout_seconds, .tv_usec = 0};
    struct sockaddr_in address = {0};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    address.sin_port = htons(port);
    if (setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &wait, sizeof wait) != 0
        || connect(fd, (struct sockaddr *)&address, sizeof address) != 0) {
        int saved = errno;
        close(fd);
        errno = saved;
        return -1;
    }
    return fd;
}

/// Starts this program again with its own arguments (read from /proc/self/cmdline) and the
/// current environment: does not return when it works; returns -1 with errno when it cannot
/// (not Linux, /proc unreadable, exec refused). In C, because exec takes the C argument vector.
int rr_restart_self(void) {
#if defined(__linux__)
    int fd = open("/proc/self/cmdline", O_RDONLY | O_CLOEXEC);
    if (fd < 0) return -1;
    size_t capacity = 4096, size = 0;
    char *text = malloc(capacity + 1);
    for (;;) {
        if (text == NULL) { close(fd); errno = ENOMEM; return -1; }
        ssize_t count = read(fd, text + size, capacity - size);
        if (count < 0) { free(text); close(fd); return -1; }
        if (count == 0) break;
        size += (size_t)count;
        if (size == capacity) { capacity *= 2; char *grown = realloc(text, capacity + 1); if (grown == NULL) free(text); text = grown; }
    }
    close(fd);
    text[size] = 0;
    size_t arguments = 0;
    for (size_t i = 0; i < size; i++) if (text[i] == 0) arguments++;
    char **argv = malloc((arguments + 1) * sizeof(char *));
    if (argv == NULL) { free(text); errno = ENOMEM; return -1; }
    size_t next = 0;
    for (size_t start = 0; start < size && next < arguments; start += strlen(text + start) + 1) argv[next++] = text + start;
    argv[next] = NULL;
    execv("/proc/self/exe", argv);
    int saved = errno;
    free(argv);
    free(text);
    errno = saved;
    return -1;
#else
    errno = ENOSYS;
    return -1;
#endif
}

/// The open flag that writes a file past the page cache, straight from the caller's memory to
/// the device (Linux O_DIRECT, which the Swift Glibc module leaves out); 0 where there is none.
int rr_direct_io_flag(void) {
#if defined(__linux__) && defined(O_DIRECT)
    return O_DIRECT;
#else
    return 0;
#endif
}

/// Hands the free memory inside the allocator's heaps back to the system (glibc malloc_trim).
void rr_release_free_memory(void) {
#if defined(__GLIBC__)
    malloc_trim(0);
#endif
}

void rr_fix_mmap_threshold(unsigned int bytes) {
#if defined(__GLIBC__)
    mallopt(M_MMAP_THRESHOLD, (int)bytes);
#endif
}

// Guarded mappings: the ranges of mapped input files, read by the SIGBUS handler. A slot is
// free when its base is 0; the handler reads only atomics and calls only mmap and sigaction.
#define RR_GUARDS 256
static _Atomic uintptr_t guard_base[RR_GUARDS];
static _Atomic uintptr_t guard_size[RR_GUARDS];
static atomic_int guard_truncated[RR_GUARDS];
static struct sigaction previous_bus;
static pthread_once_t bus_handler_once = PTHREAD_ONCE_INIT;

/// A SIGBUS in a guarded mapping is a read past the end of a file truncated under us: a page of
/// zeros is mapped over the faulting page, the guard is marked, and the read is retried. Any
/// other SIGBUS goes to the handler that was there before (Swift's backtracer, or the default
/// action, which stops the process as it would have).
static void on_bus_error(int signal_number, siginfo_t *info, void *context) {
    uintptr_t address = (uintptr_t)info->si_addr;
    for (int slot = 0; slot < RR_GUARDS; slot++) {
        uintptr_t base = atomic_load(&guard_base[slot]);
        if (base == 0 || address < base || address - base >= atomic_load(&guard_size[slot])) continue;
        uintptr_t page_size = (uintptr_t)sysconf(_SC_PAGESIZE);
        void *page = (void *)(address & ~(page_size - 1));
        if (mmap(page, page_size, PROT_READ, MAP_FIXED | MAP_PRIVATE | MAP_ANONYMOUS, -1, 0) != MAP_FAILED) {
            atomic_store(&guard_truncated[slot], 1);
            return;
        }
        break;
    }
    if ((previous_bus.sa_flags & SA_SIGINFO) && previous_bus.sa_sigaction != NULL) {
        previous_bus.sa_sigaction(signal_number, info, context);
        return;
    }
    if (previous_bus.sa_handler != SIG_DFL && previous_bus.sa_handler != SIG_IGN) {
        previous_bus.sa_handler(signal_number);
        return;
    }
    // The default action: put it back; the fault happens again on return and takes it.
    signal(SIGBUS, SIG_DFL);
}

static void install_bus_handler(void) {
    struct sigaction action = {0};
    action.sa_sigaction = on_bus_error;
    action.sa_flags = SA_SIGINFO | SA_NODEFER;
    sigemptyset(&action.sa_mask);
    sigaction(SIGBUS, &action, &previous_bus);
}

int rr_guard_mapping(const void *base, unsigned long size) {
    pthread_once(&bus_handler_once, install_bus_handler);
    for (int slot = 0; slot < RR_GUARDS; slot++) {
        uintptr_t expected = 0;
        if (atomic_compare_exchange_strong(&guard_base[slot], &expected, (uintptr_t)1)) {
            atomic_store(&guard_truncated[slot], 0);
            atomic_store(&guard_size[slot], (uintptr_t)size);
            atomic_store(&guard_base[slot], (uintptr_t)base);
            return slot;
        }
    }
    return -1;
}

int rr_mapping_truncated(int guard) {
    if (guard < 0 || guard >= RR_GUARDS) return 0;
    return atomic_load(&guard_truncated[guard]);
}

void rr_unguard_mapping(int guard) {
    if (guard < 0 || guard >= RR_GUARDS) return;
    atomic_store(&guard_size[guard], 0);
    atomic_store(&guard_base[guard], 0);
}
