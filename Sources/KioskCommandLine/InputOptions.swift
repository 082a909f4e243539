import ArgumentParser
import FoundationEssentials
import Glibc
import KioskGestures
import KioskInput
import KioskRuntime

/// The input flags every command that runs a kiosk shares, `kiosk` and a `KioskApp` alike
/// (`@OptionGroup var input: InputOptions`).
public struct InputOptions: ParsableArguments {
    public init() {}

    @Option(help: "The udev seat whose input devices to use.")
    public var seat = "seat0"

    @Option(name: .customLong("input"), help: "Use this input device node instead of the seat (repeatable).")
    public var inputs: [String] = []

    @Option(help: "Play this touch script in real time instead of reading input devices.")
    public var touchScript: String?

    @Option(help: "libinput's 6-value touch calibration matrix, e.g. \"1 0 0 0 1 0\".")
    public var calibration: String?

    @Flag(help: "Read no input at all.")
    public var noInput = false

    public func validate() throws {
        let origins = [!inputs.isEmpty, touchScript != nil, noInput].filter { $0 }.count
        guard origins <= 1 else {
            throw ValidationError("use only one of --input, --touch-script and --no-input")
        }
        if let calibration {
            do {
                _ = try CalibrationMatrix(parsing: calibration)
            } catch {
                throw ValidationError("--calibration: \(error)")
            }
        }
    }

    public func configuration() throws -> InputConfiguration {
        var origin = InputConfiguration.Origin.seat(seat)
        if !inputs.isEmpty {
            origin = .paths(inputs)
        } else if let touchScript {
            let text: String
            do {
                text = try TouchScript.text(of: touchScript)
            } catch {
                throw InputError("touch script \(touchScript)", reason: "cannot read it: \(error.reason)")
            }
            do {
                origin = .script(try TouchScript(parsing: text))
            } catch {
                throw InputError("touch script \(touchScript)", reason: "\(error)")
            }
        } else if noInput {
            origin = .none
        }
        return InputConfiguration(origin: origin, calibration: try calibration.map(CalibrationMatrix.init(parsing:)) ?? .identity)
    }
}
