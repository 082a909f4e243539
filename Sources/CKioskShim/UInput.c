#include "UInput.h"

#include <errno.h>
#include <string.h>
#include <sys/ioctl.h>

int kiosk_uinput_set_evbit(int fd, int type) { return ioctl(fd, UI_SET_EVBIT, type); }

int kiosk_uinput_set_codebit(int fd, int type, int code) {
    switch (type) {
    case EV_KEY: return ioctl(fd, UI_SET_KEYBIT, code);
    case EV_REL: return ioctl(fd, UI_SET_RELBIT, code);
    case EV_ABS: return ioctl(fd, UI_SET_ABSBIT, code);
    case EV_MSC: return ioctl(fd, UI_SET_MSCBIT, code);
    case EV_SW: return ioctl(fd, UI_SET_SWBIT, code);
    case EV_LED: return ioctl(fd, UI_SET_LEDBIT, code);
    default: errno = EINVAL; return -1;
    }
}

int kiosk_uinput_set_propbit(int fd, int property) { return ioctl(fd, UI_SET_PROPBIT, property); }

int kiosk_uinput_abs_setup(int fd, uint16_t code, int32_t minimum, int32_t maximum,
                           int32_t fuzz, int32_t flat, int32_t resolution) {
    struct uinput_abs_setup setup;
    memset(&setup, 0, sizeof setup);
    setup.code = code;
    setup.absinfo.minimum = minimum;
    setup.absinfo.maximum = maximum;
    setup.absinfo.fuzz = fuzz;
    setup.absinfo.flat = flat;
    setup.absinfo.resolution = resolution;
    return ioctl(fd, UI_ABS_SETUP, &setup);
}

int kiosk_uinput_dev_setup(int fd, const char *name, uint16_t bustype, uint16_t vendor,
                           uint16_t product, uint16_t version) {
    struct uinput_setup setup;
    memset(&setup, 0, sizeof setup);
    setup.id.bustype = bustype;
    setup.id.vendor = vendor;
    setup.id.product = product;
    setup.id.version = version;
    strncpy(setup.name, name, UINPUT_MAX_NAME_SIZE - 1);
    return ioctl(fd, UI_DEV_SETUP, &setup);
}

int kiosk_uinput_dev_create(int fd) { return ioctl(fd, UI_DEV_CREATE); }
int kiosk_uinput_dev_destroy(int fd) { return ioctl(fd, UI_DEV_DESTROY); }

int kiosk_uinput_get_sysname(int fd, char *buffer, size_t length) {
    return ioctl(fd, UI_GET_SYSNAME(length), buffer);
}
