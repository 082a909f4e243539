#include <malloc.h>

#include "Heap.h"

size_t kiosk_heap_in_use(void) {
    struct mallinfo2 info = mallinfo2();
    return info.uordblks + info.hblkhd;
}

int kiosk_heap_trim(void) { return malloc_trim(0); }
