#include <stddef.h>
#include <stdint.h>

/// libFuzzer's driver (from clang's fuzzer runtime, linked by -sanitize=fuzzer): each fuzz
/// target's main hands it the command line and the function to call on every input.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));
