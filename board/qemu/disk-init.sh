#!/bin/busybox sh
# The disk board's first init: load virtio_blk and ext4 (and their dependencies, in the
# order build-rootfs.sh wrote), mount the root disk and hand over to systemd.
/bin/busybox --install -s /bin
mount -t proc proc /proc
mount -t sysfs sys /sys
mount -t devtmpfs dev /dev
for pass in 1 2; do for m in $(cat /order); do insmod "/$m" 2>/dev/null; done; done
for i in $(seq 50); do [ -b /dev/vda ] && break; sleep 0.1; done
mount -t ext4 /dev/vda /newroot || { echo "disk-init: cannot mount /dev/vda"; exec sh; }
umount /proc /sys
mount --move /dev /newroot/dev
exec switch_root /newroot /sbin/init
