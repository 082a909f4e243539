"""The second virtual board: the Debian root filesystem build-rootfs.sh made, booted under
QEMU (TCG) with systemd as init, reached only the way a real board is — SSH on a loopback
port forwarded to its port 22 — and watched from outside through the QEMU monitor's
screendump.

Two ways to boot: `initramfs` (rootfs.cpio as the initramfs root, /init -> systemd; does
not survive a reboot) and `disk` (disk.img as a virtio disk under -snapshot, so a guest
reboot keeps what was written while QEMU runs and nothing reaches the cached image).

Only the Python standard library.
"""
import os
import socket
import subprocess
import time

from vboard import BoardError, QemuMachine


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class DebianBoard(QemuMachine):
    def __init__(self, cache, mode="disk", port=None, workdir=None, memory=2048, arch="amd64"):
        """An `arch` arm64 board (build-rootfs.sh arm64) is QEMU's `virt` machine with a
        Cortex-A72, a virtio-gpu panel and a virtio network card."""
        super().__init__(workdir, "kiosk-debian-")
        self.cache = cache
        self.mode = mode
        self.arch = arch
        self.port = port or free_port()
        self.memory = memory
        self.identity = os.path.join(cache, "id_ed25519")
        self.known_hosts = os.path.join(self.workdir, "known_hosts")

    @property
    def destination(self):
        return "root@127.0.0.1"

    def qemu_command(self):
        monitor = os.path.join(self.workdir, "monitor.sock")
        forward = f"hostfwd=tcp:127.0.0.1:{self.port}-:22"
        if self.arch == "arm64":
            command = ["qemu-system-aarch64", "-M", "virt", "-cpu", "cortex-a72", "-smp", "2",
                       "-device", "virtio-gpu-pci,xres=1280,yres=800", "-nic", f"user,model=virtio-net-pci,{forward}"]
            console = "ttyAMA0"
        else:
            command = ["qemu-system-x86_64", "-vga", "std", "-nic", f"user,model=e1000,{forward}"]
            console = "ttyS0"
        command += ["-accel", "tcg", "-m", str(self.memory), "-display", "none",
                    "-kernel", os.path.join(self.cache, "vmlinuz"),
                    "-serial", "stdio",
                    "-monitor", f"unix:{monitor},server=on,wait=off"]
        append = f"console={console} panic=-1 loglevel=4 systemd.show_status=0"
        if self.mode == "disk":
            command += ["-initrd", os.path.join(self.cache, "boot-initrd"),
                        "-drive", f"file={os.path.join(self.cache, 'disk.img')},format=raw,if=none,id=disk,snapshot=on",
                        "-device", "virtio-blk-pci,drive=disk"]
        else:
            command += ["-initrd", os.path.join(self.cache, "rootfs.cpio")]
        return command + ["-append", append]

    def boot(self, timeout=None):
        timeout = timeout or (900 if self.arch == "arm64" else 240)
        started = time.monotonic()
        self.process = subprocess.Popen(self.qemu_command(), stdin=subprocess.DEVNULL,
                                        stdout=open(self.console_log, "ab"), stderr=subprocess.STDOUT)
        self.monitor = self._connect(os.path.join(self.workdir, "monitor.sock"), started + 30)
        self._read_monitor_prompt(started + 30)
        self.wait_for_ssh(started + timeout)
        self.boot_seconds = time.monotonic() - started

    def wait_for_ssh(self, deadline):
        """Polls until sshd answers; the first contact records the host key explicitly
        (ssh-keyscan into this board's known_hosts), as an operator would."""
        while True:
            if self.process.poll() is not None:
                raise BoardError(f"qemu exited with {self.process.returncode}: {self.tail()}")
            scan = subprocess.run(["ssh-keyscan", "-T", "3", "-p", str(self.port), "-t", "ed25519", "127.0.0.1"],
                                  capture_output=True, text=True)
            if scan.returncode == 0 and scan.stdout.strip():
                with open(self.known_hosts, "w") as f:
                    f.write(scan.stdout)
                status, _ = self.ssh("systemctl is-system-running --wait >/dev/null 2>&1; true", check=False,
                                     timeout=600 if self.arch == "arm64" else 120)
                if status == 0:
                    return
            if time.monotonic() > deadline:
                raise BoardError(f"the board's sshd did not answer on port {self.port}: {self.tail()}")
            time.sleep(1)

    def ssh_options(self):
        return ["-p", str(self.port), "-i", self.identity, "-o", "IdentitiesOnly=yes", "-o", "BatchMode=yes",
                "-o", "StrictHostKeyChecking=yes", "-o", f"UserKnownHostsFile={self.known_hosts}",
                "-o", "ConnectTimeout=10"]

    def ssh(self, command, check=True, timeout=60):
        """Runs `command` on the board as root; returns (status, output)."""
        result = subprocess.run(["ssh", *self.ssh_options(), self.destination, command],
                                capture_output=True, text=True, timeout=timeout)
        output = result.stdout + result.stderr
        if check and result.returncode != 0:
            raise BoardError(f"board command {command!r} exited {result.returncode}: {output}")
        return result.returncode, output

    def reboot(self, timeout=240):
        """Reboots the guest (QEMU keeps running, the -snapshot overlay with it) and waits
        for SSH again."""
        started = time.monotonic()
        self.ssh("systemctl reboot", check=False, timeout=20)
        time.sleep(3)
        while True:
            status, _ = self.ssh("true", check=False, timeout=20)
            if status != 0:
                break
            if time.monotonic() - started > 60:
                raise BoardError("the board did not go down for its reboot")
            time.sleep(1)
        self.wait_for_ssh(started + timeout)
        return time.monotonic() - started


if __name__ == "__main__":
    import sys
    cache = subprocess.run([os.path.join(os.path.dirname(os.path.abspath(__file__)), "build-rootfs.sh")],
                           check=True, capture_output=True, text=True).stdout.strip()
    mode = sys.argv[1] if len(sys.argv) > 1 else "disk"
    with DebianBoard(cache, mode=mode) as board:
        print(f"{mode} board up in {board.boot_seconds:.1f} s; ssh {' '.join(board.ssh_options())} {board.destination}")
        print(board.ssh("uname -m; systemctl is-system-running; ls -l /dev/dri; ip -4 addr show | grep inet")[1])
        hold = os.environ.get("KIOSK_BOARD_HOLD")
        if hold:
            print(f"running until {hold} is removed", flush=True)
            open(hold, "w").close()
            while os.path.exists(hold):
                time.sleep(1)
