"""The virtual board, driven from the host: boots QEMU on the image build-image.sh made,
runs commands in the guest over the second serial port (serve.sh), and reads the panel
from outside with the QEMU monitor's screendump.

Only the Python standard library: this runs on a clean CI machine.
"""
import os
import re
import socket
import subprocess
import tempfile
import time
import zlib
import struct


class BoardError(Exception):
    pass


class Screen:
    """A screendump: what the display scans out, as RGB pixels."""

    def __init__(self, width, height, rgb):
        self.width, self.height, self.rgb = width, height, rgb

    @classmethod
    def from_png(cls, data):
        """An 8-bit RGB or RGBA PNG, as `kiosk snapshot` writes it (alpha dropped)."""
        if data[:8] != b"\x89PNG\r\n\x1a\n":
            raise BoardError("not a PNG")
        offset, idat = 8, b""
        while offset < len(data):
            length, kind = struct.unpack(">I4s", data[offset:offset + 8])
            body = data[offset + 8:offset + 8 + length]
            if kind == b"IHDR":
                width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", body)
                if depth != 8 or colour not in (2, 6) or interlace:
                    raise BoardError(f"unsupported PNG: depth {depth}, colour type {colour}, interlace {interlace}")
            elif kind == b"IDAT":
                idat += body
            offset += 12 + length
        channels = 3 if colour == 2 else 4
        stride = width * channels
        raw = zlib.decompress(idat)
        rgb, previous = bytearray(), bytearray(stride)
        for y in range(height):
            kind, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
            for i in range(stride):
                left = line[i - channels] if i >= channels else 0
                up, corner = previous[i], previous[i - channels] if i >= channels else 0
                if kind == 1:
                    line[i] = (line[i] + left) & 255
                elif kind == 2:
                    line[i] = (line[i] + up) & 255
                elif kind == 3:
                    line[i] = (line[i] + (left + up) // 2) & 255
                elif kind == 4:
                    p = left + up - corner
                    pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                    line[i] = (line[i] + (left if pa <= pb and pa <= pc else up if pb <= pc else corner)) & 255
            rgb += line if channels == 3 else bytes(b for j in range(0, stride, 4) for b in line[j:j + 3])
            previous = line
        return cls(width, height, bytes(rgb))

    @classmethod
    def from_ppm(cls, data):
        match = re.match(rb"P6\s+(\d+)\s+(\d+)\s+(\d+)\s", data)
        if not match:
            raise BoardError("screendump is not a binary PPM")
        width, height, maxval = (int(g) for g in match.groups())
        if maxval != 255:
            raise BoardError(f"screendump has maxval {maxval}, expected 255")
        rgb = data[match.end():match.end() + width * height * 3]
        if len(rgb) != width * height * 3:
            raise BoardError("screendump is truncated")
        return cls(width, height, rgb)

    def pixel(self, x, y):
        i = (y * self.width + x) * 3
        return tuple(self.rgb[i:i + 3])

    def write_png(self, path):
        rows = b"".join(b"\x00" + self.rgb[y * self.width * 3:(y + 1) * self.width * 3]
                        for y in range(self.height))

        def chunk(kind, body):
            return (struct.pack(">I", len(body)) + kind + body
                    + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF))

        header = struct.pack(">IIBBBBB", self.width, self.height, 8, 2, 0, 0, 0)
        with open(path, "wb") as f:
            f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
                    + chunk(b"IDAT", zlib.compress(rows, 6)) + chunk(b"IEND", b""))


class QemuMachine:
    """A QEMU process and its monitor socket: what both virtual boards share. Subclasses
    start QEMU in `boot` and connect `monitor` with `_connect`."""

    def __init__(self, workdir, prefix):
        self.workdir = workdir or tempfile.mkdtemp(prefix=prefix)
        os.makedirs(self.workdir, exist_ok=True)
        self.process = None
        self.monitor = None
        self.boot_seconds = None
        self.dumps = 0

    def __enter__(self):
        try:
            self.boot()
        except BaseException:
            self.stop()  # a board that did not come up still has a QEMU running
            raise
        return self

    def __exit__(self, *exc):
        self.stop()

    @property
    def console_log(self):
        return os.path.join(self.workdir, "console.log")

    def _connect(self, path, deadline):
        """Connects to a unix socket QEMU opens, waiting until it is there."""
        while True:
            if self.process.poll() is not None:
                raise BoardError(f"qemu exited with {self.process.returncode}: {self.tail()}")
            try:
                s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
                s.connect(path)
                return s
            except (FileNotFoundError, ConnectionRefusedError):
                s.close()
                if time.monotonic() > deadline:
                    raise BoardError(f"qemu did not open {path}")
                time.sleep(0.05)

    def _read_monitor_prompt(self, deadline):
        data = b""
        while not data.endswith(b"(qemu) "):
            self.monitor.settimeout(max(0.1, deadline - time.monotonic()))
            try:
                chunk = self.monitor.recv(65536)
            except socket.timeout:
                raise BoardError("the QEMU monitor did not answer")
            if not chunk:
                raise BoardError("the QEMU monitor closed")
            data += chunk
        return data

    def monitor_command(self, command):
        """Runs a QEMU monitor command (e.g. `mouse_button 1`); returns its output."""
        self.monitor.sendall(f"{command}\n".encode())
        reply = self._read_monitor_prompt(time.monotonic() + 30).decode(errors="replace")
        return reply.rsplit("(qemu) ", 1)[0]

    def screendump(self):
        """What the display scans out now, seen from outside the guest."""
        self.dumps += 1
        path = os.path.join(self.workdir, f"screen-{self.dumps}.ppm")
        self.monitor_command(f"screendump {path}")
        with open(path, "rb") as f:
            return Screen.from_ppm(f.read())

    def tail(self, lines=30):
        try:
            with open(self.console_log, "rb") as f:
                return b"\n".join(f.read().splitlines()[-lines:]).decode(errors="replace")
        except OSError:
            return ""

    def stop(self):
        if self.process and self.process.poll() is None:
            try:
                self.monitor.sendall(b"quit\n")
                self.process.wait(timeout=10)
            except (OSError, subprocess.TimeoutExpired):
                self.process.kill()
                self.process.wait()
        if self.monitor:
            self.monitor.close()


class VirtualBoard(QemuMachine):
    """One boot of the board. Use as a context manager; `run` executes a shell command in
    the guest and returns (status, output)."""

    def __init__(self, cache, workdir=None, memory=1024, append="", vga="std", sound=False, arch="amd64"):
        """`vga` is QEMU's display card: std (bochs DRM driver: XRGB8888) or cirrus
        (cirrus DRM driver: also RGB565). With `sound`, the board has an Intel HD Audio
        card whose output QEMU records into `sound_path` (a WAV file). An `arch` arm64
        board is QEMU's `virt` machine with a Cortex-A72 and a virtio-gpu panel (its DRM
        driver: XRGB8888) of the same size; `vga` and `sound` are for amd64 only."""
        super().__init__(workdir, "kiosk-board-")
        self.cache = cache
        self.arch = arch
        self.vga = vga
        self.sound_path = os.path.join(self.workdir, "sound.wav") if sound else None
        self.memory = memory
        self.append = append
        self.control = None
        self.buffer = b""
        self.next_id = 1

    def machine(self, control_path):
        """QEMU's program and machine options: the display card, the serial console and the
        command port (init.sh serves it on the port build-image.sh named: the second
        serial port on amd64; on arm64, whose `virt` machine has one serial port, a virtio
        serial port that udev names /dev/virtio-ports/kiosk.control)."""
        control = f"unix:{control_path},server=on,wait=off"
        if self.arch == "arm64":
            return (["qemu-system-aarch64", "-M", "virt", "-cpu", "cortex-a72", "-smp", "2",
                     "-device", "virtio-gpu-pci,xres=1280,yres=800",
                     "-device", "virtio-serial-pci", "-chardev", f"socket,id=control,path={control_path},server=on,wait=off",
                     "-device", "virtserialport,chardev=control,name=kiosk.control", "-serial", "stdio"], "ttyAMA0")
        return (["qemu-system-x86_64", "-vga", self.vga, "-serial", "stdio", "-serial", control], "ttyS0")

    def boot(self, timeout=None):
        """Boots and waits for the command server (by default 180 s; 600 s for arm64, whose
        CPU QEMU emulates instruction by instruction)."""
        timeout = timeout or (600 if self.arch == "arm64" else 180)
        control_path = os.path.join(self.workdir, "control.sock")
        monitor_path = os.path.join(self.workdir, "monitor.sock")
        machine, console = self.machine(control_path)
        command = machine + [
            "-accel", "tcg", "-m", str(self.memory), "-display", "none", "-no-reboot",
            "-kernel", os.path.join(self.cache, "vmlinuz"),
            "-initrd", os.path.join(self.cache, "initrd"),
            "-append", f"console=tty0 console={console} panic=-1 loglevel=4 {self.append}".strip(),
            "-monitor", f"unix:{monitor_path},server=on,wait=off",
        ]
        if self.sound_path:
            command += ["-device", "intel-hda", "-device", "hda-duplex,audiodev=snd0",
                        "-audiodev", f"wav,id=snd0,path={self.sound_path}"]
        started = time.monotonic()
        self.process = subprocess.Popen(command, stdin=subprocess.DEVNULL,
                                        stdout=open(self.console_log, "wb"),
                                        stderr=subprocess.STDOUT)
        self.control = self._connect(control_path, started + 30)
        self.monitor = self._connect(monitor_path, started + 30)
        self._read_monitor_prompt(started + 30)
        self._expect(b"@@READY\n", started + timeout, "the board's command server")
        self.boot_seconds = time.monotonic() - started

    def _expect(self, marker, deadline, what):
        """Reads the control port until `marker`; returns what came before it."""
        while marker not in self.buffer:
            remaining = deadline - time.monotonic()
            if remaining <= 0 or self.process.poll() is not None:
                raise BoardError(f"timed out waiting for {what}; console: {self.tail()}")
            self.control.settimeout(min(remaining, 1.0))
            try:
                chunk = self.control.recv(65536)
            except socket.timeout:
                continue
            if not chunk:
                raise BoardError(f"the control port closed waiting for {what}")
            self.buffer += chunk
        before, self.buffer = self.buffer.split(marker, 1)
        return before

    def run(self, command, timeout=60, check=True):
        """Runs `command` with sh in the guest; returns (status, output)."""
        if "\n" in command:
            raise BoardError("a board command is one line")
        ident = self.next_id
        self.next_id += 1
        self.control.sendall(f"{ident} {command}\n".encode())
        deadline = time.monotonic() + timeout
        self._expect(f"@@BEGIN {ident}\n".encode(), deadline, f"command {command!r}")
        output = self._expect(f"\n@@END {ident} ".encode(), deadline, f"command {command!r}")
        status = int(self._expect(b"\n", deadline, "the exit status"))
        text = output.decode(errors="replace")
        if check and status != 0:
            raise BoardError(f"guest command {command!r} exited {status}: {text}")
        return status, text

    def get(self, path):
        """Reads a file from the guest."""
        import base64
        return base64.b64decode(self.run(f"base64 {path}", timeout=120)[1])

    def sound_samples(self, start=0):
        """The 16-bit samples the sound card played, from byte `start` of the recording
        (QEMU writes the WAV header's sizes only when it exits, so they are not read)."""
        start = max(44, start)
        start -= (start - 44) % 4  # whole stereo frames
        with open(self.sound_path, "rb") as f:
            data = f.read()[start:]
        return struct.unpack(f"<{len(data) // 2}h", data[:len(data) // 2 * 2])

    def sound_bytes(self):
        """How much the sound card has played so far, in bytes of the recording."""
        return os.path.getsize(self.sound_path) if os.path.exists(self.sound_path) else 0

    def put(self, path, data):
        """Writes a file in the guest."""
        import base64
        encoded = base64.b64encode(data if isinstance(data, bytes) else data.encode()).decode()
        self.run(f"echo {encoded} | base64 -d > {path}")

    def stop(self):
        super().stop()
        if self.control:
            self.control.close()
