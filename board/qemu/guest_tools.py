"""The small C programs the soak and fault tests run in the guest (board/qemu/tools/):
a raw control-socket client, a stand-in for systemd's notify socket and a DRM master
thief. Busybox has none of them (its nc speaks no unix sockets). They are built on the
host with the system C compiler, linked against the same glibc and libdrm the image
already carries for the kiosk, and copied into the guest's /usr/bin.

Only the Python standard library.
"""
import hashlib
import os
import subprocess

HERE = os.path.dirname(os.path.abspath(__file__))
TOOLS = {"unix_send": [], "notify_log": [], "drm_thief": ["-I/usr/include/libdrm", "-ldrm"]}


def build(cache):
    """Compiles each tool into `cache`/tools (again only when its source changed); returns
    {name: path}."""
    out = os.path.join(cache, "tools")
    os.makedirs(out, exist_ok=True)
    built = {}
    for name, flags in TOOLS.items():
        source = os.path.join(HERE, "tools", f"{name}.c")
        with open(source, "rb") as f:
            key = hashlib.sha256(f.read() + " ".join(flags).encode()).hexdigest()[:12]
        binary = os.path.join(out, f"{name}-{key}")
        if not os.path.exists(binary):
            # Built under a name of its own, then renamed: suites running at once share the cache.
            partial = f"{binary}.{os.getpid()}"
            subprocess.run([os.environ.get("CC", "cc"), "-O2", "-Wall", "-o", partial, source, *flags], check=True)
            subprocess.run(["strip", partial], check=True)
            os.replace(partial, binary)
        built[name] = binary
    return built


def install(board, cache):
    """Builds the tools and writes them to the guest's /usr/bin (~16 KB each, base64 over
    the command port)."""
    for name, binary in build(cache).items():
        with open(binary, "rb") as f:
            board.put(f"/usr/bin/{name}", f.read())
        board.run(f"chmod 755 /usr/bin/{name}")
