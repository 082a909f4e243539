/* drm_thief: takes DRM master away from a running process and shows its own picture, as
 * a compositor or a second display server started by mistake would.
 *
 *   drm_thief PID HOLD_MS
 *
 * A DRM master belongs to an open file description, so only that description can drop it:
 * pidfd_getfd(2) borrows the victim's descriptor of /dev/dri/card0 and DROP_MASTER is
 * issued through it (root may, whoever holds the description). Then the thief opens the
 * card itself, becomes master, scans out a magenta dumb buffer on the victim's CRTC in the
 * mode it had, holds it for HOLD_MS and exits, which frees the master again.
 * Prints one line per step; exits 0 when it held the panel, 1 with the reason otherwise.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>
#include <xf86drm.h>
#include <xf86drmMode.h>

static int fail(const char *what) {
    printf("drm_thief: %s: %s\n", what, strerror(errno));
    return 1;
}

/* The victim's descriptor number for /dev/dri/card0, or -1. */
static int card_fd_of(pid_t pid) {
    char dir[64], link[PATH_MAX], path[PATH_MAX];
    snprintf(dir, sizeof dir, "/proc/%d/fd", pid);
    DIR *fds = opendir(dir);
    if (!fds) return -1;
    struct dirent *entry;
    int found = -1;
    while (found < 0 && (entry = readdir(fds))) {
        snprintf(link, sizeof link, "%s/%s", dir, entry->d_name);
        ssize_t n = readlink(link, path, sizeof path - 1);
        if (n <= 0) continue;
        path[n] = 0;
        if (strcmp(path, "/dev/dri/card0") == 0) found = atoi(entry->d_name);
    }
    closedir(fds);
    return found;
}

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: drm_thief PID HOLD_MS\n");
        return 2;
    }
    pid_t pid = atoi(argv[1]);
    long hold_ms = atol(argv[2]);
    int victim_fd = card_fd_of(pid);
    if (victim_fd < 0) return fail("the process has no /dev/dri/card0 open");
    int pidfd = syscall(SYS_pidfd_open, pid, 0);
    if (pidfd < 0) return fail("pidfd_open");
    int borrowed = syscall(SYS_pidfd_getfd, pidfd, victim_fd, 0);
    if (borrowed < 0) return fail("pidfd_getfd");
    if (drmDropMaster(borrowed) != 0) return fail("DROP_MASTER through the victim's descriptor");
    close(borrowed);
    printf("drm_thief: dropped the master of pid %d\n", pid);

    int card = open("/dev/dri/card0", O_RDWR | O_CLOEXEC);
    if (card < 0) return fail("open /dev/dri/card0");
    if (drmSetMaster(card) != 0) return fail("SET_MASTER");
    drmModeRes *resources = drmModeGetResources(card);
    if (!resources || resources->count_crtcs < 1 || resources->count_connectors < 1) return fail("get resources");
    drmModeCrtc *crtc = drmModeGetCrtc(card, resources->crtcs[0]);
    drmModeConnector *connector = drmModeGetConnector(card, resources->connectors[0]);
    if (!crtc || !connector) return fail("get the CRTC and connector");
    drmModeModeInfo mode = crtc->mode_valid ? crtc->mode : connector->modes[0];

    struct drm_mode_create_dumb create = {.width = mode.hdisplay, .height = mode.vdisplay, .bpp = 32};
    if (drmIoctl(card, DRM_IOCTL_MODE_CREATE_DUMB, &create) != 0) return fail("create a dumb buffer");
    uint32_t framebuffer;
    if (drmModeAddFB(card, create.width, create.height, 24, 32, create.pitch, create.handle, &framebuffer) != 0)
        return fail("add the framebuffer");
    struct drm_mode_map_dumb map = {.handle = create.handle};
    if (drmIoctl(card, DRM_IOCTL_MODE_MAP_DUMB, &map) != 0) return fail("map the dumb buffer");
    uint32_t *pixels = mmap(NULL, create.size, PROT_READ | PROT_WRITE, MAP_SHARED, card, map.offset);
    if (pixels == MAP_FAILED) return fail("mmap");
    for (uint64_t i = 0; i < create.size / 4; i++) pixels[i] = 0x00FF00FF;
    if (drmModeSetCrtc(card, crtc->crtc_id, framebuffer, 0, 0, &connector->connector_id, 1, &mode) != 0)
        return fail("set the CRTC");
    printf("drm_thief: showing magenta for %ld ms\n", hold_ms);
    fflush(stdout);
    struct timespec hold = {.tv_sec = hold_ms / 1000, .tv_nsec = (hold_ms % 1000) * 1000000};
    nanosleep(&hold, NULL);
    printf("drm_thief: done; the master is free\n");
    return 0;
}
