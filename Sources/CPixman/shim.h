#include <pixman.h>
#include <wchar.h> /* wmemset: the 32-bit span fill */
