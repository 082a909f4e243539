#ifndef CKIOSKSHIM_H
#define CKIOSKSHIM_H

// The console's and the display's calls Swift cannot make: ioctl is variadic and its
// requests are macros; the fatal-signal handler must restore the panel and the console with
// async-signal-safe calls only, so it lives here too. Each call returns ioctl's result
// (-1 with errno set on failure) unless it says otherwise.

#include <stdint.h>
// Not in Swift's Glibc module: the run loop's timer and signal descriptors, and the
// netlink socket that hears connector hotplug.
#include <sys/timerfd.h>
#include <sys/signalfd.h>
#include <linux/netlink.h>
// pidfd_open, so the run loop can poll for a button action's exit.
#include <sys/pidfd.h>
// uinput, for the virtual touchscreen (KioskInput).
#include "UInput.h"
// evdev queries, for the headphone jack switch (KioskInput).
#include "Evdev.h"
// Descriptors made close-on-exec as they are made (KioskRuntime's control socket and actions).
#include "Descriptors.h"
// The live heap and giving freed pages back (KioskRuntime's stats and its idle trim).
#include "Heap.h"
// The main dispatch queue, run by the kiosk's loop (KioskRuntime's MainQueue).
#include "MainQueue.h"

// --- Virtual terminal (linux/kd.h, linux/vt.h) ------------------------------------------
int kiosk_vt_get_kd_mode(int fd, int *mode);
/// KD_TEXT (0) or KD_GRAPHICS (1).
int kiosk_vt_set_kd_mode(int fd, int mode);
int kiosk_vt_get_kb_mode(int fd, int *mode);
/// K_OFF turns keyboard input off so no keystroke reaches a shell.
int kiosk_vt_set_kb_mode(int fd, int mode);
int kiosk_vt_kd_graphics(void);
int kiosk_vt_kd_text(void);
int kiosk_vt_k_off(void);
/// K_UNICODE: the keyboard mode of a UTF-8 console, what a login prompt expects.
int kiosk_vt_k_unicode(void);
/// VT_PROCESS when `process` is non-zero (release and acquire arrive as the given
/// signals), VT_AUTO otherwise.
int kiosk_vt_set_process_mode(int fd, int process, int release_signal, int acquire_signal);
/// VT_RELDISP: 1 allows a switch away, VT_ACKACQ (2) acknowledges a switch back.
int kiosk_vt_release_display(int fd, int value);
int kiosk_vt_ackacq(void);
/// VT_LOCKSWITCH / VT_UNLOCKSWITCH.
int kiosk_vt_lock_switch(int fd, int locked);
/// The active VT number (VT_GETSTATE), or -1.
int kiosk_vt_active(int fd);
/// True (1) when `fd` is a virtual terminal (KDGKBTYPE succeeds).
int kiosk_vt_is_console(int fd);

// --- Emergency restore -------------------------------------------------------------------
/// What to put back when the process dies: the CRTC as it was (a drm_mode_crtc's fields;
/// `mode` points to a struct drm_mode_modeinfo, copied) and the console's modes. Call again
/// whenever they change; `drm_fd` or `tty_fd` -1 forgets that part.
void kiosk_emergency_set_display(int drm_fd, uint32_t crtc_id, uint32_t fb_id, uint32_t x, uint32_t y,
                                 uint32_t connector_id, const void *mode, int mode_valid);
/// The VT goes back to VT_AUTO switching, and is unlocked when `locked`.
void kiosk_emergency_set_console(int tty_fd, int kd_mode, int kb_mode, int locked);
/// Restores what was registered (once) with async-signal-safe calls only.
void kiosk_emergency_restore(void);
/// SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP: restore, then re-raise with the
/// default action so the process still dies (and dumps core) as it would have. In between,
/// the stack's return addresses go to stderr (`kiosk_write_fatal_backtrace`).
int kiosk_install_fatal_signal_handlers(void);
/// Writes "kiosk: fatal signal N; frames ..." and the return addresses found by following
/// the frame pointers from `context` (a ucontext_t), with async-signal-safe calls only.
void kiosk_write_fatal_backtrace(int signal, const void *context);

/// mallopt(M_MMAP_THRESHOLD, bytes): malloc.h is not in Swift's Glibc module.
int kiosk_set_mmap_threshold(int bytes);

#endif
