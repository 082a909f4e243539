#define _GNU_SOURCE
#include <unistd.h>

#include "MainQueue.h"

// gettid is not in Swift's Glibc module.
int kiosk_is_main_thread(void) { return gettid() == getpid(); }
