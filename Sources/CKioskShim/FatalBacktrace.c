#define _GNU_SOURCE
#include "CKioskShim.h"

#include <signal.h>
#include <stdint.h>
#include <sys/uio.h>
#include <ucontext.h>
#include <unistd.h>

// The release kiosk is linked without unwind tables (they were an eighth of the binary and
// Swift never unwinds), so libgcc's unwinder, which the Swift runtime's crash trace uses,
// finds no frames. Swift code keeps frame pointers on x86_64 and arm64: this walks their
// chain instead, from the registers the fault left in the signal's context.

/// The ELF header and the end of the image, both defined by the linker: return addresses
/// between them print as offsets for `addr2line -e kiosk` on the unstripped binary.
extern const char __ehdr_start;
extern const char _end;

enum { MAX_FRAMES = 64, MAX_FRAME_SIZE = 1 << 20 };

static void write_text(const char *text) {
    size_t length = 0;
    while (text[length]) length++;
    ssize_t ignored = write(STDERR_FILENO, text, length);
    (void)ignored;
}

static void write_hex(uintptr_t value) {
    char digits[2 + 2 * sizeof value];
    int count = 0;
    do {
        digits[sizeof digits - 1 - count++] = "0123456789abcdef"[value & 0xf];
        value >>= 4;
    } while (value && count < (int)(2 * sizeof value));
    digits[sizeof digits - 1 - count++] = 'x';
    digits[sizeof digits - 1 - count++] = '0';
    ssize_t ignored = write(STDERR_FILENO, digits + sizeof digits - count, (size_t)count);
    (void)ignored;
}

/// Reads a frame record (saved frame pointer, return address) without faulting: a broken
/// chain ends the trace instead of raising a second signal inside the handler.
/// A number below 100: signal numbers and frame indices.
static void write_small_number(int value) {
    char digits[3] = {(char)('0' + value / 10 % 10), (char)('0' + value % 10), 0};
    write_text(value < 10 ? digits + 1 : digits);
}

static int read_frame(uintptr_t address, uintptr_t record[2]) {
    struct iovec local = {record, 2 * sizeof(uintptr_t)};
    struct iovec remote = {(void *)address, 2 * sizeof(uintptr_t)};
    return process_vm_readv(getpid(), &local, 1, &remote, 1, 0) == (ssize_t)(2 * sizeof(uintptr_t));
}

static void write_address(int index, uintptr_t address) {
    uintptr_t start = (uintptr_t)&__ehdr_start, end = (uintptr_t)&_end;
    write_text("  #");
    write_small_number(index);
    write_text(" ");
    if (address >= start && address < end) {
        write_hex(address - start);
        write_text("\n");
    } else {
        write_hex(address);
        write_text(" (outside the kiosk binary)\n");
    }
}

void kiosk_write_fatal_backtrace(int signal, const void *context) {
    const ucontext_t *state = context;
#if defined(__x86_64__)
    uintptr_t pc = (uintptr_t)state->uc_mcontext.gregs[REG_RIP];
    uintptr_t frame = (uintptr_t)state->uc_mcontext.gregs[REG_RBP];
#elif defined(__aarch64__)
    uintptr_t pc = (uintptr_t)state->uc_mcontext.pc;
    uintptr_t frame = (uintptr_t)state->uc_mcontext.regs[29];
#else
    uintptr_t pc = 0, frame = 0;
#endif
    write_text("kiosk: fatal signal ");
    write_small_number(signal);
    write_text("; frames (offsets into the kiosk binary, for addr2line):\n");
    if (!pc) return;
    write_address(0, pc);
    for (int index = 1; index < MAX_FRAMES && frame && frame % sizeof(uintptr_t) == 0; index++) {
        uintptr_t record[2];
        if (!read_frame(frame, record) || !record[1]) break;
        write_address(index, record[1] - 1);
        // The caller's record is higher on the stack and near; anything else is no chain.
        if (record[0] <= frame || record[0] - frame > MAX_FRAME_SIZE) break;
        frame = record[0];
    }
}
