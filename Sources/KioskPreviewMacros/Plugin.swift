import SwiftCompilerPlugin
import SwiftSyntaxMacros

/// The compiler plug-in that expands KioskUI's macros (`#Preview`).
@main
struct KioskPreviewMacrosPlugin: CompilerPlugin {
    let providingMacros: [any Macro.Type] = [PreviewMacro.self]
}
