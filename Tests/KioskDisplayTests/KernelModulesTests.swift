import KioskDisplay
import Testing
#if canImport(Glibc)
import Glibc
#endif

@Suite("Kernel modules a board expects")
struct KernelModulesTests {
    /// A /sys/module-like folder with `loaded` and a modules.builtin listing `builtin`.
    private func fakeKernel(loaded: [String], builtin: [String]) throws -> (sysModule: String, builtinList: String) {
        var template = Array("/tmp/kiosk-modules-XXXXXX".utf8CString)
        let root = try #require(template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }.map { String(cString: $0) })
        let sysModule = root + "/module"
        mkdir(sysModule, 0o755)
        for name in loaded { mkdir("\(sysModule)/\(name)", 0o755) }
        let list = root + "/modules.builtin"
        let file = try #require(fopen(list, "w"))
        for name in builtin { fputs("kernel/drivers/gpu/drm/\(name).ko\n", file) }
        fclose(file)
        return (sysModule, list)
    }

    @Test func loadedAndBuiltInModulesAreThereTheRestIsMissing() throws {
        let kernel = try fakeKernel(loaded: ["vc4", "edt_ft5x06"], builtin: ["drm_rp1_dsi"])
        let missing = KernelModules.missing(["vc4", "edt-ft5x06", "drm-rp1-dsi", "rockchipdrm"],
                                            sysModule: kernel.sysModule, builtinList: kernel.builtinList)
        #expect(missing == ["rockchipdrm"])
    }

    @Test func withoutAModulesListOnlyLoadedOnesCount() throws {
        let kernel = try fakeKernel(loaded: [], builtin: [])
        #expect(KernelModules.missing(["vc4"], sysModule: kernel.sysModule, builtinList: "/nonexistent/modules.builtin") == ["vc4"])
    }

    @Test func theNoCardMessageSaysWhatTheBoardExpects() {
        let options = DRMOptions(driver: "vc4", modules: ["vc4", "edt_ft5x06"])
        let advice = options.boardAdvice(missing: ["vc4"])
        #expect(advice == "; the board's panel needs the vc4 KMS driver; it expects the kernel modules vc4, edt_ft5x06 "
                + "(not loaded: vc4; modprobe them)")
        #expect(DRMOptions().boardAdvice(missing: []) == "")
    }

    /// This machine has no vc4 card: opening one fails naming /dev/dri and the board's needs,
    /// whether /dev/dri is missing, empty or holds another driver's card.
    @Test func aBoardWhoseKernelLacksTheDriverGetsTheDevicePathMessage() {
        #expect {
            try DRMDisplay.open(DRMOptions(driver: "vc4", modules: ["kiosk_no_such_module"]))
        } throws: { error in
            let text = "\(error)"
            return text.hasPrefix("/dev/dri") && text.contains("the vc4 KMS driver")
                && text.contains("not loaded: kiosk_no_such_module")
        }
    }
}
