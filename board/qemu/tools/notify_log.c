/* notify_log: a stand-in for systemd's notify socket on the busybox board. Binds a unix
 * datagram socket at PATH and prints each message with the CLOCK_MONOTONIC time it came,
 * in ms, one line each ("12345.678 WATCHDOG=1"), so a test can find the longest gap
 * between watchdog pings: the gap systemd would have killed the process for.
 *
 *   notify_log PATH
 */
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: notify_log PATH\n");
        return 2;
    }
    int fd = socket(AF_UNIX, SOCK_DGRAM, 0);
    struct sockaddr_un address = {.sun_family = AF_UNIX};
    strncpy(address.sun_path, argv[1], sizeof address.sun_path - 1);
    unlink(argv[1]);
    if (fd < 0 || bind(fd, (struct sockaddr *)&address, sizeof address) != 0) {
        perror("notify_log: bind");
        return 1;
    }
    setvbuf(stdout, NULL, _IOLBF, 0);
    char message[4096];
    for (;;) {
        ssize_t n = recv(fd, message, sizeof message - 1, 0);
        if (n < 0) continue;
        message[n] = 0;
        for (ssize_t i = 0; i < n; i++)
            if (message[i] == '\n') message[i] = ' ';
        struct timespec now;
        clock_gettime(CLOCK_MONOTONIC, &now);
        printf("%.3f %s\n", now.tv_sec * 1e3 + now.tv_nsec / 1e6, message);
    }
}
