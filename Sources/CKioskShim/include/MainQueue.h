#ifndef KIOSK_MAIN_QUEUE_H
#define KIOSK_MAIN_QUEUE_H

// The main dispatch queue, run by the kiosk's own poll loop (KioskRuntime's MainQueue).
//
// libdispatch has no public way for a loop other than dispatch_main() (which never returns
// and ends the main thread) to run the main queue. CoreFoundation's run loop on Linux uses
// the two calls below, which libdispatch exports for it (libdispatch's private header
// queue_private.h): swift-corelibs-foundation's CFRunLoop.c polls the handle and calls the
// callback, and so does the kiosk. They are SPI (underscored, no header installed), so they
// are declared here and used in KioskRuntime/MainQueue.swift alone.

/// An eventfd that becomes readable when work is queued on the main queue (made on first
/// use; from then on every enqueue writes to it).
int _dispatch_get_main_queue_handle_4CF(void);

/// Runs the work queued on the main queue when it is called; work queued while it runs is
/// left for the next call (and makes the handle readable again). Main thread only.
void _dispatch_main_queue_callback_4CF(void *ignored);

/// 1 on the process's main thread (its thread id is the process id), else 0.
int kiosk_is_main_thread(void);

#endif
