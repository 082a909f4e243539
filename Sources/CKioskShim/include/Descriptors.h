#ifndef KIOSK_DESCRIPTORS_H
#define KIOSK_DESCRIPTORS_H

#include <spawn.h>

/// accept4() with SOCK_CLOEXEC and SOCK_NONBLOCK: the flags are set as the socket is made,
/// so a program spawned meanwhile cannot inherit it. (A GNU extension Swift's Glibc
/// module does not show.)
int kiosk_accept_cloexec(int listener);

/// pipe2() with O_CLOEXEC, for the same reason.
int kiosk_pipe_cloexec(int fds[2]);

/// posix_spawn_file_actions_addclosefrom_np(): the spawned program gets no descriptor
/// from `lowest` up.
int kiosk_spawn_close_from(posix_spawn_file_actions_t *actions, int lowest);

#endif
