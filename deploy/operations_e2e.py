"""The operations half of deploy/e2e.py, on the Debian board deploy.sh installed: the kiosk
is the systemd service running as user kiosk, and every operator command runs as `attendant`,
an ordinary account deploy.sh put in group kiosk (`--operator`), never as root. Root only
plays the finger (`kiosk touch` on uinput), reads the journal, sends SIGUSR1 and stops the
service for calibration, as the board's administrator would.

Checked: /run/kiosk and the control socket (modes, owners; another account is refused),
ctl subscribe/set/screen/snapshot/stats, a button's exec as the service, the SIGUSR1
frame grab readable by the operator, idle blanking and the waking touch, and calibration
run as user kiosk on the deployed binary.
"""
import json
import re
import shlex
import time

from e2e import changed_box, close, inside

SCREEN = """[display]
background = "#F2F2F7"
{idle}
[[screens]]
id = "main"
fill = true
columns = 2
spacing = 40
padding = 40

[[screens.buttons]]
id = "tap"
title = "Tap"
style = "borderedProminent"
size = "large"
exec = ["/bin/sh", "-c", "echo $KIOSK_BUTTON on $KIOSK_SCREEN > /run/kiosk/ran; exit 4"]

[[screens.buttons]]
id = "other"
title = "Other"
style = "bordered"
size = "large"

[[screens]]
id = "second"
fill = true

[[screens.buttons]]
id = "back"
title = "Back"
style = "bordered"
goto = "main"
"""
BACKGROUND = (0xF2, 0xF2, 0xF7)
# Cell centres on the bochs card's 1280x800 (padding 40, spacing 40, 2 columns, 1 row).
TAP = (330, 400)
OTHER = (950, 400)
SKEW = "0.04 1.07 -0.05 0.96 -0.03 0.02"
TARGETS = [(128, 80), (1152, 80), (1152, 720), (128, 720), (640, 400)]


class Operations:
    def __init__(self, board, deploy, screen_file, check):
        self.board, self.deploy, self.screen_file, self.check = board, deploy, screen_file, check

    def root(self, command, **kwargs):
        return self.board.ssh(command, **kwargs)

    def operator(self, command, check=False):
        """`command` as the operator account: member of group kiosk, nothing else."""
        return self.board.ssh(f"runuser -u attendant -- sh -c {shlex.quote(command)}", check=check)

    def put(self, path, text):
        self.root(f"cat > {path} <<'EOF'\n{text}EOF")

    def touch(self, name, script, flags=""):
        """The finger: a uinput touchscreen in panel coordinates, played in real time."""
        self.put(f"/tmp/{name}.touch", script)
        self.root(f"kiosk touch {flags} /tmp/{name}.touch", timeout=90)

    def subscription(self, log):
        return [line for line in self.operator(f"cat {log}")[1].splitlines() if line.startswith("{")]

    def subscription_with(self, log, needle):
        """The subscription's lines once one of them contains `needle`, else None."""
        lines = self.subscription(log)
        return lines if any(needle in line for line in lines) else None

    def wait(self, predicate, timeout=20):
        """Polls until `predicate` gives something true; that, or None after `timeout` s."""
        deadline = time.monotonic() + timeout
        while True:
            got = predicate()
            if got:
                return got
            if time.monotonic() > deadline:
                return None
            time.sleep(0.3)

    def journal(self):
        return self.root("journalctl -u kiosk -o cat --no-pager -n 200")[1]

    def screen(self):
        time.sleep(0.5)
        return self.board.screendump()


def run_operations(board, deploy, screen_file, check, artifacts):
    ops = Operations(board, deploy, screen_file, check)
    board.ssh("id attendant >/dev/null 2>&1 || useradd --no-create-home --shell /bin/sh attendant")
    rc, out = deploy(board, "--screen", screen_file("ops", SCREEN.format(idle="")), "--operator", "attendant")
    check(rc == 0 and "operator attendant is in group kiosk" in out, "deploy.sh --operator puts the account in group kiosk", out)
    if rc != 0:
        return
    socket_and_permissions(ops)
    control_socket(ops, artifacts)
    frame_grab(ops)
    idle_blanking(ops)
    calibration(ops)


def socket_and_permissions(ops):
    _, listing = ops.root("stat -c '%A %U %G %n' /run/kiosk /run/kiosk/control.sock; id -nG attendant")
    check = ops.check
    check("drwxr-x--- kiosk kiosk /run/kiosk" in listing and "srw-rw---- kiosk kiosk /run/kiosk/control.sock" in listing
          and "kiosk" in listing.splitlines()[-1].split(),
          "systemd makes /run/kiosk for the service: the socket is the kiosk's, group kiosk may use it", listing)
    status, out = ops.board.ssh("runuser -u nobody -- kiosk ctl stats", check=False)
    check(status != 0 and "Permission denied" in out, "an account outside group kiosk cannot reach the socket", out)


def control_socket(ops, artifacts):
    check = ops.check
    ops.operator("kiosk ctl subscribe > /tmp/sub.log 2>&1 & echo $! > /tmp/sub.pid", check=True)
    check(ops.wait(lambda: ops.subscription_with("/tmp/sub.log", '"subscribed":true')),
          "the operator subscribes to the event log", ops.operator("cat /tmp/sub.log")[1])
    ops.touch("tap", f"0 down 0 {TAP[0]} {TAP[1]}\n80 up 0\n300 end\n")
    got = ops.wait(lambda: ops.subscription_with("/tmp/sub.log", '"triggered"'))
    events = [re.sub(r'"t_ms":[0-9.]+,', "", line) for line in (got or [])[1:4]]
    check(events == ['{"button":"tap","event":"pressed"}', '{"button":"tap","event":"released"}',
                     '{"button":"tap","event":"triggered","cause":"tap"}'],
          "a touch on the panel reaches the operator's subscription: pressed, released, triggered", f"{got}")
    ran = ops.wait(lambda: "tap on main" in ops.operator("cat /run/kiosk/ran")[1])
    check(ran and ops.wait(lambda: "failed: exit status 4" in ops.journal()),
          "the button's exec runs as the service (KIOSK_BUTTON, KIOSK_SCREEN) and its failure is in the journal",
          ops.journal()[-1500:])

    before = ops.screen()
    _, reply = ops.operator("kiosk ctl set tap --title 'Changed by the operator'")
    after = ops.screen()
    after.write_png(f"{artifacts}/ops-after-set.png")
    box = changed_box(before, after)
    check(reply.strip() == '{"ok":true}' and inside(box, TAP) and box[2] < 640,
          "ctl set changes the tap button's title, and only that button on the panel", f"{reply} changed {box}")
    _, reply = ops.operator("kiosk ctl set other --hidden true")
    hidden = ops.screen()
    check(reply.strip() == '{"ok":true}' and close(hidden.pixel(*OTHER), BACKGROUND, 2),
          "ctl set --hidden takes the other button off the panel", f"{reply} {hidden.pixel(*OTHER)}")

    _, reply = ops.operator("kiosk ctl screen second")
    second = ops.screen()
    second.write_png(f"{artifacts}/ops-second.png")
    switched = ops.wait(lambda: ops.subscription_with("/tmp/sub.log", '"screen":"second"'))
    check('"ok":true' in reply and switched and changed_box(hidden, second) is not None,
          "ctl screen shows the second screen, and the subscription says so", f"{reply} {ops.subscription('/tmp/sub.log')}")
    ops.operator("kiosk ctl screen main", check=True)

    status, reply = ops.operator("kiosk ctl snapshot /run/kiosk/now.png && head -c 8 /run/kiosk/now.png | od -An -c")
    check(status == 0 and '"width":1280' in reply and "P   N   G" in reply,
          "ctl snapshot writes the frame into /run/kiosk, and the operator can read it", reply)
    _, stats = ops.operator("kiosk ctl stats")
    print(f"     stats as the operator: {stats.strip()}")
    check('"latency_samples":' in stats and '"rss_kb":' in stats, "ctl stats answers the operator", stats)
    ops.root("kill $(cat /tmp/sub.pid)", check=False)


def frame_grab(ops):
    ops.root("rm -f /run/kiosk/frame.png; systemctl kill --kill-who=main --signal=SIGUSR1 kiosk")
    grabbed = ops.wait(lambda: "wrote /run/kiosk/frame.png" in ops.journal())
    _, magic = ops.operator("head -c 8 /run/kiosk/frame.png | od -An -c")
    ops.check(grabbed and "P   N   G" in magic, "SIGUSR1's frame grab lands in /run/kiosk/frame.png, readable by the operator",
              f"{magic} {ops.journal()[-800:]}")


def idle_blanking(ops):
    check = ops.check
    rc, out = ops.deploy(ops.board, "--screen", ops.screen_file("ops-idle", SCREEN.format(idle="idle_seconds = 5")))
    check(rc == 0, "the same screen with idle_seconds = 5 deploys", out)
    ops.operator("kiosk ctl subscribe > /tmp/idle.log 2>&1 & echo $! > /tmp/idle.pid", check=True)
    blanked = ops.wait(lambda: "idle: panel blanked" in ops.journal(), timeout=40)
    dark = ops.screen()
    check(blanked and all(close(dark.pixel(x, y), (0, 0, 0), 8) for x, y in [(4, 4), TAP, OTHER]),
          "the deployed kiosk blanks the panel after 5 s without a touch", f"{dark.pixel(*TAP)}")
    # The waking tap, then a tap 600 ms later: only the second reaches the button. The
    # screendump comes at once: 5 s later the panel is blank again.
    ops.touch("wake", f"0 down 0 {TAP[0]} {TAP[1]}\n80 up 0\n600 down 0 {TAP[0]} {TAP[1]}\n680 up 0\n700 end\n")
    lit = ops.board.screendump()
    got = ops.wait(lambda: ops.subscription_with("/tmp/idle.log", '"triggered"'))
    presses = [line for line in got or [] if '"pressed"' in line]
    check("idle: panel woken by a touch" in ops.journal() and close(lit.pixel(4, 4), BACKGROUND, 2) and len(presses) == 1,
          "a touch wakes the panel and presses nothing; the next one presses the button", f"{got} {lit.pixel(4, 4)}")
    ops.root("kill $(cat /tmp/idle.pid)", check=False)


def calibration(ops):
    """The panel is the kiosk's while it runs: the administrator stops the service,
    `kiosk calibrate` runs as user kiosk (its groups, no root) on the deployed binary, then
    the service starts again."""
    check = ops.check
    ops.root("systemctl stop kiosk && install -o kiosk -g kiosk -m 644 /etc/kiosk/board.toml /var/tmp/calibrated.toml")
    ops.root("(cd /var/tmp && exec runuser -u kiosk -- env KIOSK_FONTS=/opt/kiosk/current/fonts kiosk calibrate --display drm "
             "--yes --board /var/tmp/calibrated.toml) < /dev/null > /var/tmp/cal.out 2> /var/tmp/cal.err & echo $! > /var/tmp/cal.pid")
    time.sleep(3)
    taps = "".join(f"{i * 700} down 0 {x} {y}\n{i * 700 + 80} up 0\n" for i, (x, y) in enumerate(TARGETS)) + f"{len(TARGETS) * 700} end\n"
    ops.touch("cal", taps, flags=f"--needs-calibration '{SKEW}'")
    finished = ops.wait(lambda: ops.root("kill -0 $(cat /var/tmp/cal.pid) 2>/dev/null || echo done",
                                                      check=False)[1].strip() == "done", timeout=30)
    _, out = ops.root("cat /var/tmp/cal.out /var/tmp/cal.err /var/tmp/calibrated.toml")
    print("     " + out.strip().replace("\n", "\n     "))
    matrix = re.search(r"calibration: (.*)", out)
    check(finished and matrix is not None and "wrote /var/tmp/calibrated.toml" in out,
          "kiosk calibrate runs as user kiosk on the deployed board and writes the matrix into the profile", out)
    if matrix:
        ops.root(f"runuser -u kiosk -- kiosk devices --watch --duration 20 --calibration='{matrix.group(1)}' "
                 "> /var/tmp/watch.log 2>&1 & echo $! > /var/tmp/watch.pid")
        ops.wait(lambda: "Input devices" in ops.root("cat /var/tmp/watch.log")[1])
        ops.touch("check", "".join(f"{i * 300} down 0 {x} {y}\n{i * 300 + 80} up 0\n" for i, (x, y) in enumerate(TARGETS))
                  + f"{len(TARGETS) * 300} end\n", flags=f"--needs-calibration '{SKEW}'")
        time.sleep(0.5)
        ops.root("kill $(cat /var/tmp/watch.pid)", check=False)
        frames = [json.loads(line) for line in ops.root("cat /var/tmp/watch.log")[1].splitlines() if line.startswith("{")]
        downs = [(e["x"], e["y"]) for f in frames for e in f["events"] if e["phase"] == "down"]
        errors = [((x - tx) ** 2 + (y - ty) ** 2) ** 0.5 for (x, y), (tx, ty) in zip(downs, TARGETS)]
        print(f"     after calibration, px from each target: {[round(e, 2) for e in errors]}")
        check(len(errors) == len(TARGETS) and max(errors) <= 2, "the calibrated skewed touchscreen lands within 2 px",
              f"{downs} {frames[:3]}")
    ops.root("systemctl start kiosk")
    active = ops.wait(lambda: ops.root("systemctl is-active kiosk", check=False)[1].strip() == "active", timeout=40)
    check(active, "the service starts again after calibration", ops.journal()[-800:])
