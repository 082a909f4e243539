#!/usr/bin/env python3
"""End-to-end test of deploy/ against the Debian virtual board (board/qemu/build-rootfs.sh):
deploy.sh from the host over SSH, the kiosk running as user kiosk and on the panel
(screendump), a release that fails at start-up rolled back, an unchanged second run that
changes nothing, bad input (host key, wrong key, unreachable, other architecture, disk
full, interrupted copy), a reboot straight into the kiosk, then on the same board the
operations suite against the deployed service with an unprivileged operator
(operations_e2e.py), and the Ansible fleet path on two boards at once.

With --arch arm64 the board is the arm64 Debian board (trixie, QEMU's `virt` machine) and
the kiosk the cross-built one (scripts/build-arm64.sh), and only the core checks run:
deploy, the service as user kiosk on the panel, an unchanged second run, a release that
fails its ready-check rolled back; then the fleet check is a mixed fleet of an x86_64
board and the arm64 one.

Usage: deploy/e2e.py [-k deploy|operations|fleet] [--arch arm64]
Env:   KIOSK_BINARY (skip the release build; for arm64, the arm64 binary),
       KIOSK_X86_BINARY (for arm64: the x86_64 board's kiosk in the mixed fleet)
"""
import os
import subprocess
import sys
import tempfile
import time

here = os.path.dirname(os.path.abspath(__file__))
repo = os.path.dirname(here)
sys.path.insert(0, os.path.join(repo, "board", "qemu"))
from debian_board import DebianBoard, free_port  # noqa: E402

artifacts = tempfile.mkdtemp(prefix="kiosk-deploy-e2e-")
failures = []
# How long a new release has to become ready: longer on the arm64 board, whose CPU QEMU
# emulates instruction by instruction (set by main).
READY_SECONDS = 25


def check(condition, what, detail=""):
    print(("ok   " if condition else "FAIL ") + what, flush=True)
    if not condition:
        failures.append(what)
        if detail:
            print("     " + detail.replace("\n", "\n     "), flush=True)


def screen_file(name, text):
    folder = os.path.join(artifacts, name)
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, "main.toml")
    with open(path, "w") as f:
        f.write(text)
    return path


GOOD = screen_file("good", """[display]\nbackground = "#204080"\n\n[[screens]]\nid = "main"\n\n[[screens.buttons]]\nid = "hello"\ntitle = "Hello"\n""")
GOOD2 = screen_file("good2", """[display]\nbackground = "#208040"\n\n[[screens]]\nid = "main"\n\n[[screens.buttons]]\nid = "hello"\ntitle = "Hello again"\n""")
BROKEN = screen_file("broken", """[display]\nbackground = "not a colour"\n\n[[screens]]\nid = "main"\n""")


def deploy(board, *args, identity=None, known_hosts=None, port=None, binary=None):
    command = [os.path.join(here, "deploy.sh"), "--port", str(port or board.port),
               "--identity", identity or board.identity,
               "--known-hosts", known_hosts or board.known_hosts,
               "--binary", binary or BINARY, "--timeout", str(READY_SECONDS), *args, board.destination]
    result = subprocess.run(command, capture_output=True, text=True)
    return result.returncode, result.stdout + result.stderr


def state(board):
    return board.ssh("readlink /opt/kiosk/current; systemctl show -p MainPID,ActiveState,SubState --value kiosk; "
                     "ps -o user= -C kiosk | sort -u")[1].split()


def pixel_of(board):
    """The panel's background, away from the buttons: the kiosk's screen, not a console."""
    screen = board.screendump()
    return screen, screen.pixel(8, screen.height - 8)


def build_binary(arch, binary=None):
    """The kiosk for `arch`: `binary` when given, else a release build (cross-built for arm64)."""
    if binary:
        return binary
    if arch == "arm64":
        return subprocess.run([os.path.join(repo, "scripts", "build-arm64.sh")], check=True,
                              stdout=subprocess.PIPE, text=True).stdout.strip().splitlines()[-1]
    subprocess.run(["swift", "build", "-c", "release", "--static-swift-stdlib", "--product", "kiosk"],
                   cwd=repo, check=True, stdout=sys.stderr)
    return os.path.join(repo, ".build", "release", "kiosk")


def main():
    global BINARY, READY_SECONDS
    only = sys.argv[sys.argv.index("-k") + 1] if "-k" in sys.argv else ""
    arch = sys.argv[sys.argv.index("--arch") + 1] if "--arch" in sys.argv else "amd64"
    started = time.monotonic()
    image_started = time.monotonic()
    result = subprocess.run([os.path.join(repo, "board", "qemu", "build-rootfs.sh"), arch],
                            stdout=subprocess.PIPE, text=True)
    if result.returncode != 0:
        sys.exit(f"build-rootfs.sh {arch} failed ({result.returncode})")
    cache = result.stdout.strip()
    print(f"image ready in {time.monotonic() - image_started:.1f} s ({cache})")
    BINARY = build_binary(arch, os.environ.get("KIOSK_BINARY"))

    if arch == "arm64":
        READY_SECONDS = 120
        with DebianBoard(cache, workdir=os.path.join(artifacts, "arm64"), arch="arm64") as board:
            print(f"arm64 board booted (disk) in {board.boot_seconds:.1f} s, ssh on port {board.port}")
            deploy_and_roll_back(board)
            if not only or "fleet" in only:
                mixed_fleet(board)
    elif not only or "deploy" in only or "operations" in only:
        with DebianBoard(cache, workdir=os.path.join(artifacts, "board1")) as board:
            print(f"board booted (disk) in {board.boot_seconds:.1f} s, ssh on port {board.port}")
            if not only or "deploy" in only:
                single_board(board)
            if not only or "operations" in only:
                t = time.monotonic()
                operations(board)
                print(f"     operations took {time.monotonic() - t:.1f} s")
    if arch == "amd64" and (not only or "fleet" in only):
        fleet(cache)
    print(f"deploy e2e: {len(failures)} failures in {time.monotonic() - started:.0f} s (artifacts in {artifacts})")
    sys.exit(1 if failures else 0)


def single_board(board):
    good_version = deploy_and_roll_back(board)
    bad_input(board, good_version)
    after_deploying(board, good_version)


def deploy_and_roll_back(board):
    """The core: deploy, the service as user kiosk on the panel, an unchanged second run,
    a release that fails its ready-check rolled back. Returns the good release."""
    empty = os.path.join(artifacts, "empty_known_hosts")
    open(empty, "w").close()
    rc, out = deploy(board, "--screen", GOOD, known_hosts=empty)
    check(rc != 0 and "host key" in out and "ssh-keyscan" in out, "an unknown host key is refused, with the way to record it", out)

    t = time.monotonic()
    rc, out = deploy(board, "--screen", GOOD)
    print(f"     first deploy took {time.monotonic() - t:.1f} s")
    check(rc == 0 and "deployed" in out, "deploy.sh installs and starts the kiosk", out)
    current, pid, active, sub, user = (state(board) + [""] * 5)[:5]
    good_version = os.path.basename(current)
    check(active == "active" and sub == "running" and user == "kiosk", "the kiosk is the running service, as user kiosk",
          f"{current} {pid} {active} {sub} {user}")
    screen, background = pixel_of(board)
    screen.write_png(os.path.join(artifacts, "deployed.png"))
    check(background == (0x20, 0x40, 0x80), "the screendump shows the kiosk's screen (its background #204080)", f"{background}")

    rc, out = deploy(board, "--screen", GOOD)
    after = state(board)
    check(rc == 0 and "already deployed" in out and after[1] == pid, "an unchanged second run changes nothing", out)

    rc, out = deploy(board, "--screen", BROKEN)
    after = state(board)
    check(rc != 0 and f"rolled back to {good_version}" in out and "did not become ready" in out and "main.toml" in out,
          "a release that fails at start-up is reported and rolled back", out)
    check(os.path.basename(after[0]) == good_version and after[2] == "active", "the previous release runs again", " ".join(after))
    screen, background = pixel_of(board)
    screen.write_png(os.path.join(artifacts, "rolled-back.png"))
    check(background == (0x20, 0x40, 0x80), "the screendump shows the previous release's screen", f"{background}")
    return good_version


def after_deploying(board, good_version):
    """A reboot straight into the kiosk, and the board's calibration kept across releases."""
    seconds = board.reboot()
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and state(board)[2:4] != ["active", "running"]:
        time.sleep(1)
    after = state(board)
    print(f"     reboot to ssh took {seconds:.1f} s")
    check(after[2:5] == ["active", "running", "kiosk"] and os.path.basename(after[0]) == good_version,
          "after a reboot the board comes up straight into the kiosk", " ".join(after))
    screen, background = pixel_of(board)
    screen.write_png(os.path.join(artifacts, "rebooted.png"))
    check(background == (0x20, 0x40, 0x80), "the screendump after the reboot shows the kiosk", f"{background}")

    # The board's calibration lives in /etc/kiosk/board.toml and outlives a new release.
    calibrated = "calibration = [1.0, 0.0, 0.001, 0.0, 1.0, 0.002]"
    board.ssh(f"sed -i 's/^calibration = .*/{calibrated}/' /etc/kiosk/board.toml")
    rc, out = deploy(board, "--screen", GOOD2)
    after = state(board)
    profile = board.ssh("cat /etc/kiosk/board.toml")[1]
    command = board.ssh("systemctl show -p ExecStart --value kiosk")[1]
    check(rc == 0 and os.path.basename(after[0]) != good_version and after[2] == "active",
          "a new release with the same board profile deploys", out)
    check(calibrated in profile and "--board /etc/kiosk/board.toml" in command,
          "the board's calibration in /etc/kiosk/board.toml is kept across the deployment and used", profile + command)


def bad_input(board, good_version):
    def unchanged(what):
        after = state(board)
        check(os.path.basename(after[0]) == good_version and after[2] == "active", f"{what}: the board still runs its release",
              " ".join(after))

    rc, out = deploy(board, "--screen", GOOD2, port=free_port())
    check(rc != 0 and "cannot reach" in out, "an unreachable host is said so", out)

    stranger = os.path.join(artifacts, "stranger")
    if not os.path.exists(stranger):
        subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", stranger], check=True)
    rc, out = deploy(board, "--screen", GOOD2, identity=stranger)
    check(rc != 0 and "refused the SSH key" in out, "a wrong key is said so", out)

    foreign = os.path.join(artifacts, "kiosk-aarch64")
    with open(BINARY, "rb") as f:
        data = bytearray(f.read())
    data[18:20] = (183).to_bytes(2, "little")  # e_machine = EM_AARCH64
    with open(foreign, "wb") as f:
        f.write(data)
    os.chmod(foreign, 0o755)
    rc, out = deploy(board, "--screen", GOOD2, binary=foreign)
    check(rc != 0 and "for aarch64 but" in out and "x86_64" in out, "a bundle for another architecture is refused", out)
    unchanged("other architecture")
    rc, out = deploy(board, "--screen", GOOD, "--binary", foreign)
    check(rc == 0 and "aarch64" in out and "already deployed" in out,
          "offered bundles for x86_64 and aarch64, the board's uname -m picks its own", out)

    board.ssh("fallocate -l $(( $(df -Pk /opt | awk 'NR==2{print $4}') - 8192 ))K /fill")
    rc, out = deploy(board, "--screen", GOOD2)
    board.ssh("rm -f /fill")
    check(rc != 0 and "not enough space" in out, "a full disk is found before copying", out)
    unchanged("disk full")

    releases = board.ssh("ls /opt/kiosk/releases")[1]
    command = [os.path.join(here, "deploy.sh"), "--port", str(board.port), "--identity", board.identity,
               "--known-hosts", board.known_hosts, "--binary", BINARY, "--screen", GOOD2, board.destination]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                               start_new_session=True)
    for line in process.stdout:
        if "copying the bundle" in line:
            time.sleep(0.5)
            os.killpg(process.pid, 9)
            break
    process.wait()
    check(process.returncode != 0 and board.ssh("ls /opt/kiosk/releases")[1] == releases,
          "an interrupted copy installs nothing", board.ssh("ls -R /opt/kiosk")[1])
    unchanged("interrupted copy")


def operations(board):
    # deploy/ is on the path as this script's folder, after board/qemu: operations_e2e's
    # `e2e` is the virtual board's.
    from operations_e2e import run_operations
    run_operations(board, deploy, screen_file, check, artifacts)


def mixed_fleet(arm64_board):
    """The x86_64 Debian board (its image and kiosk built as for the x86_64 run) beside
    the arm64 one, in one fleet."""
    x86_cache = subprocess.run([os.path.join(repo, "board", "qemu", "build-rootfs.sh")], check=True,
                               stdout=subprocess.PIPE, text=True).stdout.strip()
    x86_binary = build_binary("amd64", os.environ.get("KIOSK_X86_BINARY"))
    sys.path.insert(0, here)
    from fleet_e2e import run_mixed_fleet
    run_mixed_fleet(x86_cache, arm64_board, x86_binary, BINARY, GOOD, artifacts, check)


def fleet(cache):
    sys.path.insert(0, here)
    from fleet_e2e import run_fleet
    run_fleet(cache, BINARY, GOOD, GOOD2, BROKEN, artifacts, check)


if __name__ == "__main__":
    main()
