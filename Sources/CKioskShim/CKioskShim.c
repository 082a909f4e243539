#include <malloc.h>
#include "CKioskShim.h"

#include <libdrm/drm.h>
#include <linux/kd.h>
#include <linux/vt.h>
#include <signal.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

int kiosk_vt_get_kd_mode(int fd, int *mode) {
    unsigned int value = 0;
    int result = ioctl(fd, KDGETMODE, &value);
    *mode = (int)value;
    return result;
}
int kiosk_vt_set_kd_mode(int fd, int mode) { return ioctl(fd, KDSETMODE, (unsigned long)mode); }
int kiosk_vt_get_kb_mode(int fd, int *mode) {
    long value = 0;
    int result = ioctl(fd, KDGKBMODE, &value);
    *mode = (int)value;
    return result;
}
int kiosk_vt_set_kb_mode(int fd, int mode) { return ioctl(fd, KDSKBMODE, (unsigned long)mode); }
int kiosk_vt_kd_graphics(void) { return KD_GRAPHICS; }
int kiosk_vt_kd_text(void) { return KD_TEXT; }
int kiosk_vt_k_off(void) { return K_OFF; }
int kiosk_vt_k_unicode(void) { return K_UNICODE; }

int kiosk_vt_set_process_mode(int fd, int process, int release_signal, int acquire_signal) {
    struct vt_mode mode;
    memset(&mode, 0, sizeof mode);
    mode.mode = process ? VT_PROCESS : VT_AUTO;
    mode.relsig = process ? (short)release_signal : 0;
    mode.acqsig = process ? (short)acquire_signal : 0;
    return ioctl(fd, VT_SETMODE, &mode);
}
int kiosk_vt_release_display(int fd, int value) { return ioctl(fd, VT_RELDISP, (unsigned long)value); }
int kiosk_vt_ackacq(void) { return VT_ACKACQ; }
int kiosk_vt_lock_switch(int fd, int locked) {
    return ioctl(fd, locked ? VT_LOCKSWITCH : VT_UNLOCKSWITCH, 1);
}
int kiosk_vt_active(int fd) {
    struct vt_stat state;
    if (ioctl(fd, VT_GETSTATE, &state) < 0) return -1;
    return state.v_active;
}
int kiosk_vt_is_console(int fd) {
    char type = 0;
    return ioctl(fd, KDGKBTYPE, &type) == 0;
}

// --- Emergency restore -------------------------------------------------------------------

static struct {
    int drm_fd;
    struct drm_mode_crtc crtc;
    uint32_t connector_id;
    int tty_fd, kd_mode, kb_mode, locked;
    volatile sig_atomic_t restored;
} saved = {.drm_fd = -1, .tty_fd = -1};

void kiosk_emergency_set_display(int drm_fd, uint32_t crtc_id, uint32_t fb_id, uint32_t x, uint32_t y,
                                 uint32_t connector_id, const void *mode, int mode_valid) {
    saved.drm_fd = drm_fd;
    memset(&saved.crtc, 0, sizeof saved.crtc);
    saved.crtc.crtc_id = crtc_id;
    saved.crtc.fb_id = fb_id;
    saved.crtc.x = x;
    saved.crtc.y = y;
    saved.connector_id = connector_id;
    saved.crtc.mode_valid = mode_valid && mode != NULL;
    if (saved.crtc.mode_valid) memcpy(&saved.crtc.mode, mode, sizeof saved.crtc.mode);
}

void kiosk_emergency_set_console(int tty_fd, int kd_mode, int kb_mode, int locked) {
    saved.tty_fd = tty_fd;
    saved.kd_mode = kd_mode;
    saved.kb_mode = kb_mode;
    saved.locked = locked;
}

void kiosk_emergency_restore(void) {
    if (saved.restored) return;
    saved.restored = 1;
    if (saved.drm_fd >= 0) {
        struct drm_mode_crtc crtc = saved.crtc;
        if (crtc.fb_id != 0 && crtc.mode_valid) {
            crtc.set_connectors_ptr = (uint64_t)(uintptr_t)&saved.connector_id;
            crtc.count_connectors = 1;
        }
        ioctl(saved.drm_fd, DRM_IOCTL_MODE_SETCRTC, &crtc);
    }
    if (saved.tty_fd >= 0) {
        kiosk_vt_set_process_mode(saved.tty_fd, 0, 0, 0);
        ioctl(saved.tty_fd, KDSETMODE, (unsigned long)saved.kd_mode);
        ioctl(saved.tty_fd, KDSKBMODE, (unsigned long)saved.kb_mode);
        if (saved.locked) ioctl(saved.tty_fd, VT_UNLOCKSWITCH, 1);
    }
}

static void fatal_signal(int signal, siginfo_t *info, void *context) {
    (void)info;
    kiosk_emergency_restore();
    kiosk_write_fatal_backtrace(signal, context);
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = SIG_DFL;
    sigemptyset(&action.sa_mask);
    sigaction(signal, &action, NULL);
    raise(signal);
}

int kiosk_install_fatal_signal_handlers(void) {
    static const int signals[] = {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP};
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_sigaction = fatal_signal;
    sigemptyset(&action.sa_mask);
    // The handler runs once and re-raises with SIG_DFL; a second fault inside it kills.
    action.sa_flags = SA_SIGINFO | SA_RESETHAND | SA_NODEFER;
    for (unsigned i = 0; i < sizeof signals / sizeof signals[0]; i++) {
        if (sigaction(signals[i], &action, NULL) < 0) return -1;
    }
    return 0;
}

int kiosk_set_mmap_threshold(int bytes) {
    return mallopt(M_MMAP_THRESHOLD, bytes);
}
