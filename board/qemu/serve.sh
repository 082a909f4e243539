#!/bin/sh
# The board's command server: reads "ID COMMAND" lines from a serial port, runs each with
# sh (stdin from /dev/null, stdout and stderr captured) and answers
#   @@BEGIN ID / the output, then one newline / @@END ID EXIT-STATUS
# A command that starts a background job must redirect its output itself. The port is a
# serial line (made raw here) or a virtio serial port (no line discipline to change, and
# opened once: a port takes one open at a time).
tty=$1
case $tty in /dev/tty*) stty -F "$tty" raw -echo ;; esac
exec <>"$tty" >&0 2>&0
echo "@@READY"
while IFS= read -r line; do
    id=${line%% *}
    command=${line#* }
    sh -c "$command" </dev/null >/tmp/.serve-output 2>&1
    status=$?
    echo "@@BEGIN $id"
    cat /tmp/.serve-output
    echo
    echo "@@END $id $status"
done
