#ifndef KIOSK_HEAP_H
#define KIOSK_HEAP_H

#include <stddef.h>

/// Bytes the C heap has handed out and not yet taken back (glibc's mallinfo2: arena chunks
/// in use plus mmapped ones): the live heap, which a leak grows and RSS hides behind
/// pages malloc keeps. (malloc.h's declarations are not in Swift's Glibc module.)
size_t kiosk_heap_in_use(void);

/// Returns the heap's free pages to the system (glibc's malloc_trim(0)); 1 when some went.
int kiosk_heap_trim(void);

#endif
