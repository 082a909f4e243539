/* unix_send: a raw client for the kiosk's control socket, for bytes `kiosk ctl` never
 * sends (garbage, half lines, floods). Connects to the unix stream socket PATH, writes
 * stdin to it, then prints what comes back until the kiosk closes the connection or
 * nothing arrives for WAIT_MS. Exits 1 when it cannot connect.
 *
 *   unix_send PATH WAIT_MS < bytes
 */
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: unix_send PATH WAIT_MS < bytes\n");
        return 2;
    }
    signal(SIGPIPE, SIG_IGN);
    int fd = socket(AF_UNIX, SOCK_STREAM, 0);
    struct sockaddr_un address = {.sun_family = AF_UNIX};
    strncpy(address.sun_path, argv[1], sizeof address.sun_path - 1);
    if (fd < 0 || connect(fd, (struct sockaddr *)&address, sizeof address) != 0) {
        perror("unix_send: connect");
        return 1;
    }
    char buffer[65536];
    ssize_t n;
    while ((n = read(0, buffer, sizeof buffer)) > 0) {
        for (ssize_t done = 0; done < n;) {
            ssize_t sent = write(fd, buffer + done, n - done);
            if (sent <= 0) goto replies;
            done += sent;
        }
    }
replies:
    for (;;) {
        struct pollfd p = {.fd = fd, .events = POLLIN};
        if (poll(&p, 1, atoi(argv[2])) <= 0) break;
        n = read(fd, buffer, sizeof buffer);
        if (n <= 0) break;
        fwrite(buffer, 1, n, stdout);
    }
    return 0;
}
