#define _GNU_SOURCE
#include "Descriptors.h"

#include <fcntl.h>
#include <sys/socket.h>
#include <unistd.h>

int kiosk_accept_cloexec(int listener) { return accept4(listener, NULL, NULL, SOCK_CLOEXEC | SOCK_NONBLOCK); }

int kiosk_pipe_cloexec(int fds[2]) { return pipe2(fds, O_CLOEXEC); }

int kiosk_spawn_close_from(posix_spawn_file_actions_t *actions, int lowest) {
    return posix_spawn_file_actions_addclosefrom_np(actions, lowest);
}
