"""The Ansible half of deploy/e2e.py: two Debian virtual boards at once (two QEMU
instances, two loopback ports). fleet.sh puts the same release on both in parallel; then
a new release goes out where one board is given a broken one: one succeeds, one rolls
back, and the summary says which."""
import os
import subprocess
import time
from concurrent.futures import ThreadPoolExecutor

from debian_board import DebianBoard

here = os.path.dirname(os.path.abspath(__file__))


def inventory(boards, path, extra=None):
    with open(path, "w") as f:
        f.write("[kiosks]\n")
        for name, board in boards.items():
            line = (f"{name} ansible_host=127.0.0.1 ansible_port={board.port} ansible_user=root "
                    f"ansible_ssh_private_key_file={board.identity} "
                    f"ansible_ssh_common_args='-o UserKnownHostsFile={board.known_hosts} -o StrictHostKeyChecking=yes'")
            f.write(line + " " + (extra or {}).get(name, "") + "\n")


def fleet(path, binary, screen, *more):
    started = time.monotonic()
    result = subprocess.run([os.path.join(here, "fleet.sh"), "-i", path, "--binary", binary, "--screen", screen, *more],
                            capture_output=True, text=True, env={**os.environ, "ANSIBLE_NOCOLOR": "1"})
    return result.returncode, result.stdout + result.stderr, time.monotonic() - started


def run_fleet(cache, binary, good, good2, broken, artifacts, check):
    boards = {name: DebianBoard(cache, workdir=os.path.join(artifacts, name)) for name in ("lobby", "cafe")}
    try:
        started = time.monotonic()
        with ThreadPoolExecutor(2) as pool:
            list(pool.map(lambda b: b.boot(), boards.values()))
        print(f"     two boards booted in {time.monotonic() - started:.1f} s")
        path = os.path.join(artifacts, "inventory.ini")
        for board in boards.values():
            board.ssh("useradd --no-create-home --shell /bin/sh attendant")
        inventory(boards, path, {name: "kiosk_operators='[\"attendant\"]'" for name in boards})
        rc, out, seconds = fleet(path, binary, good)
        print(f"     fleet deploy to two boards took {seconds:.1f} s")
        check(rc == 0 and "lobby: deployed" in out and "cafe: deployed" in out,
              "Ansible puts the release on both boards, and the summary says so", out[-3000:])
        groups = [board.ssh("id -nG attendant")[1].split() for board in boards.values()]
        check(all("kiosk" in g for g in groups), "kiosk_operators puts the operator in group kiosk on every board", f"{groups}")

        facts = subprocess.run([os.path.join(here, "deploy.sh"), "--bundle-only", "--binary", binary, "--screen", broken],
                               check=True, capture_output=True, text=True).stdout
        get = dict(line.split("=", 1) for line in facts.splitlines() if "=" in line)
        inventory(boards, path, {"cafe": f"kiosk_bundle={get['bundle']} kiosk_version={get['version']} kiosk_sha256={get['sha256']}"})
        rc, out, seconds = fleet(path, binary, good2)
        check(rc != 0 and "lobby: deployed" in out and "cafe: rolled back" in out,
              "one board takes the new release, the one given a broken release rolls back; the summary says which",
              out[-3000:])
        lobby = boards["lobby"].ssh("systemctl is-active kiosk; readlink /opt/kiosk/current")[1].split()
        cafe = boards["cafe"].ssh("systemctl is-active kiosk; readlink /opt/kiosk/current")[1].split()
        check(lobby[0] == "active" and cafe[0] == "active" and lobby[1] != cafe[1],
              "both boards run a kiosk afterwards: the new release and the previous one", f"{lobby} {cafe}")
    finally:
        for board in boards.values():
            board.stop()


def run_mixed_fleet(x86_cache, arm64_board, x86_binary, arm64_binary, good, artifacts, check):
    """A mixed fleet: an x86_64 board beside the running arm64 one. fleet.sh is given both
    binaries; each board gets the bundle of its uname -m and runs it."""
    lobby = DebianBoard(x86_cache, workdir=os.path.join(artifacts, "mixed-lobby"))
    try:
        lobby.boot()
        boards = {"lobby": lobby, "pier": arm64_board}
        path = os.path.join(artifacts, "mixed-inventory.ini")
        inventory(boards, path)
        rc, out, seconds = fleet(path, x86_binary, good, "--binary", arm64_binary, "--", "-e", "timeout=120")
        print(f"     fleet deploy to an x86_64 and an arm64 board took {seconds:.1f} s")
        check(rc == 0 and "lobby: deployed" in out and ("pier: deployed" in out or "pier: already deployed" in out),
              "a mixed fleet: Ansible puts the release on the x86_64 and the arm64 board", out[-3000:])
        ran = {name: board.ssh("uname -m; cat /opt/kiosk/current/ARCH; systemctl is-active kiosk")[1].split()
               for name, board in boards.items()}
        check(ran["lobby"] == ["x86_64", "x86_64", "active"] and ran["pier"] == ["aarch64", "aarch64", "active"],
              "each board runs the kiosk built for its architecture", f"{ran}")
    finally:
        lobby.stop()
