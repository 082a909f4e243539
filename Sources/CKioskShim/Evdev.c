#include "Evdev.h"

#include <linux/input.h>
#include <sys/ioctl.h>

int kiosk_evdev_get_code_bits(int fd, int type, void *bits, size_t length) {
    return ioctl(fd, EVIOCGBIT(type, length), bits);
}

int kiosk_evdev_get_switch_states(int fd, void *bits, size_t length) {
    return ioctl(fd, EVIOCGSW(length), bits);
}
