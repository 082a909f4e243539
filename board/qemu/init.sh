#!/bin/busybox sh
# PID 1 of the virtual board: mounts the kernel file systems, loads the display and input
# modules (and the sound card's) build-image.sh listed in /board/modules, starts Debian's
# udev (libinput ignores devices udev has not classified), then serves the host's commands
# on the port named in /board/port (see serve.sh).
/bin/busybox --install -s
export PATH=/kiosk/bin:/bin:/sbin:/usr/bin:/usr/sbin
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev
mkdir -p /dev/pts /dev/shm
mount -t devpts devpts /dev/pts
mount -t tmpfs tmpfs /run
mount -t tmpfs tmpfs /tmp
for m in $(cat /board/modules); do
    modprobe "$m" || echo "board: modprobe $m failed"
done
/lib/systemd/systemd-udevd --daemon
udevadm trigger --type=subsystems --action=add
udevadm trigger --type=devices --action=add
udevadm settle --timeout=30
# The sound card's codec is probed in the background: wait for its playback device.
if ls -d /sys/bus/pci/drivers/snd_hda_intel/0000:* >/dev/null 2>&1; then
    for _ in $(seq 100); do [ -e /dev/snd/pcmC0D0p ] && break; sleep 0.1; done
fi
echo "board: up after $(cut -d' ' -f1 /proc/uptime) s"
while true; do
    /bin/sh /board/serve.sh "/dev/$(cat /board/port)"
    sleep 1
done
