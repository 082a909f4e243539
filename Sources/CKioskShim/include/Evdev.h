#ifndef KIOSK_EVDEV_H
#define KIOSK_EVDEV_H

// evdev's EVIOCGBIT and EVIOCGSW are ioctl macros with the buffer length encoded in the
// request: Swift can call neither. Each returns ioctl's result (the bytes filled, or -1
// with errno set).

#include <stddef.h>

/// EVIOCGBIT(type): the bitmask of the codes of event type `type` the device can send.
int kiosk_evdev_get_code_bits(int fd, int type, void *bits, size_t length);
/// EVIOCGSW: the bitmask of the switches that are on now.
int kiosk_evdev_get_switch_states(int fd, void *bits, size_t length);

#endif
