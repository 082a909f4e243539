#ifndef KIOSK_UINPUT_H
#define KIOSK_UINPUT_H

// uinput's requests are ioctl macros and ioctl is variadic: Swift can call neither, so
// these small functions do it. Each returns ioctl's result (-1 with errno set on failure).

#include <linux/input.h>
#include <linux/uinput.h>
#include <stddef.h>
#include <stdint.h>

int kiosk_uinput_set_evbit(int fd, int type);
int kiosk_uinput_set_keybit(int fd, int code);
int kiosk_uinput_set_absbit(int fd, int code);
int kiosk_uinput_set_propbit(int fd, int property);
/// UI_ABS_SETUP: the axis range and resolution (units per mm) of one absolute axis.
int kiosk_uinput_abs_setup(int fd, uint16_t code, int32_t minimum, int32_t maximum, int32_t resolution);
/// UI_DEV_SETUP: the device's name (truncated to UINPUT_MAX_NAME_SIZE) and ids on BUS_VIRTUAL.
int kiosk_uinput_dev_setup(int fd, const char *name, uint16_t vendor, uint16_t product);
int kiosk_uinput_dev_create(int fd);
int kiosk_uinput_dev_destroy(int fd);
/// UI_GET_SYSNAME: the created device's name under /sys/devices/virtual/input (e.g. "input7").
int kiosk_uinput_get_sysname(int fd, char *buffer, size_t length);

#endif
