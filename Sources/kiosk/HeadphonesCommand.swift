import ArgumentParser
import FoundationEssentials
import KioskCore
import KioskInput
#if canImport(Glibc)
import Glibc
#endif

/// `kiosk headphones`: a virtual headphone jack (uinput, SW_HEADPHONE_INSERT) that a
/// running kiosk sees as a sound card's jack. It appears empty, headphones go in after
/// `--after` seconds and come out `--hold` seconds later; then the jack goes away.
struct Headphones: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Plug headphones into a virtual (uinput) headphone jack, then unplug them."
    )

    @Option(help: "Seconds the jack is empty before headphones go in.")
    var after = 1.0

    @Option(help: "Seconds the headphones stay in.")
    var hold = 5.0

    func validate() throws {
        guard (0...3600).contains(after), (0...3600).contains(hold) else {
            throw ValidationError("--after and --hold must be 0...3600 seconds")
        }
    }

    func run() throws {
        let jack = try UInputHeadphoneJack()
        StandardStream.error.write("kiosk headphones: \(jack.devicePath)\n")
        usleep(UInt32(after * 1_000_000))
        try jack.plug(true)
        StandardStream.error.write("kiosk headphones: plugged in\n")
        usleep(UInt32(hold * 1_000_000))
        try jack.plug(false)
        StandardStream.error.write("kiosk headphones: unplugged\n")
        jack.close()
    }
}
