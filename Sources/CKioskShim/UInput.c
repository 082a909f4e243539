#include "UInput.h"

#include <string.h>
#include <sys/ioctl.h>

int kiosk_uinput_set_evbit(int fd, int type) { return ioctl(fd, UI_SET_EVBIT, type); }
int kiosk_uinput_set_keybit(int fd, int code) { return ioctl(fd, UI_SET_KEYBIT, code); }
int kiosk_uinput_set_absbit(int fd, int code) { return ioctl(fd, UI_SET_ABSBIT, code); }
int kiosk_uinput_set_propbit(int fd, int property) { return ioctl(fd, UI_SET_PROPBIT, property); }

int kiosk_uinput_abs_setup(int fd, uint16_t code, int32_t minimum, int32_t maximum, int32_t resolution) {
    struct uinput_abs_setup setup;
    memset(&setup, 0, sizeof setup);
    setup.code = code;
    setup.absinfo.minimum = minimum;
    setup.absinfo.maximum = maximum;
    setup.absinfo.resolution = resolution;
    return ioctl(fd, UI_ABS_SETUP, &setup);
}

int kiosk_uinput_dev_setup(int fd, const char *name, uint16_t vendor, uint16_t product) {
    struct uinput_setup setup;
    memset(&setup, 0, sizeof setup);
    setup.id.bustype = BUS_VIRTUAL;
    setup.id.vendor = vendor;
    setup.id.product = product;
    strncpy(setup.name, name, UINPUT_MAX_NAME_SIZE - 1);
    return ioctl(fd, UI_DEV_SETUP, &setup);
}

int kiosk_uinput_dev_create(int fd) { return ioctl(fd, UI_DEV_CREATE); }
int kiosk_uinput_dev_destroy(int fd) { return ioctl(fd, UI_DEV_DESTROY); }

int kiosk_uinput_get_sysname(int fd, char *buffer, size_t length) {
    return ioctl(fd, UI_GET_SYSNAME(length), buffer);
}
