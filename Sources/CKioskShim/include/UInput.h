#ifndef KIOSK_UINPUT_H
#define KIOSK_UINPUT_H

// uinput's requests are ioctl macros and ioctl is variadic: Swift can call neither, so
// these small functions do it. Each returns ioctl's result (-1 with errno set on failure).

#include <linux/input.h>
#include <linux/uinput.h>
#include <stddef.h>
#include <stdint.h>

int kiosk_uinput_set_evbit(int fd, int type);
/// The code bit of an event type (UI_SET_KEYBIT, UI_SET_RELBIT, UI_SET_ABSBIT, UI_SET_MSCBIT,
/// UI_SET_SWBIT or UI_SET_LEDBIT); -1 with errno EINVAL for any other type.
int kiosk_uinput_set_codebit(int fd, int type, int code);
int kiosk_uinput_set_propbit(int fd, int property);
/// UI_ABS_SETUP: the range, noise filter (fuzz), dead zone (flat) and resolution (units per
/// mm) of one absolute axis.
int kiosk_uinput_abs_setup(int fd, uint16_t code, int32_t minimum, int32_t maximum,
                           int32_t fuzz, int32_t flat, int32_t resolution);
/// UI_DEV_SETUP: the device's name (truncated to UINPUT_MAX_NAME_SIZE) and input_id.
int kiosk_uinput_dev_setup(int fd, const char *name, uint16_t bustype, uint16_t vendor,
                           uint16_t product, uint16_t version);
int kiosk_uinput_dev_create(int fd);
int kiosk_uinput_dev_destroy(int fd);
/// UI_GET_SYSNAME: the created device's name under /sys/devices/virtual/input (e.g. "input7").
int kiosk_uinput_get_sysname(int fd, char *buffer, size_t length);

#endif
