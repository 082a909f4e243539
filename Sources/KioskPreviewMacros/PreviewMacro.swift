import SwiftSyntax
import SwiftSyntaxMacros

/// `#Preview("Name", traits: …) { view }`: a type holding the preview, which an app's
/// `previews` subcommand finds at run time by its `PreviewRegistry` conformance. The type's
/// name is unique and unspellable; an unnamed preview is named by its file and line
/// (`OrderScreen-42`), which stay put while the code above it does.
public struct PreviewMacro: DeclarationMacro {
    public static func expansion(of node: some FreestandingMacroExpansionSyntax,
                                 in context: some MacroExpansionContext) throws -> [DeclSyntax] {
        var arguments = Array(node.arguments)
        if arguments.first?.label == nil, let name = arguments.first {
            arguments[0] = name.with(\.trailingComma, arguments.count > 1 ? .commaToken() : nil)
        } else {
            let named = LabeledExprSyntax(expression: ExprSyntax(StringLiteralExprSyntax(content: defaultName(of: node, in: context))))
            arguments.insert(named.with(\.trailingComma, arguments.isEmpty ? nil : .commaToken()), at: 0)
        }
        guard let body = node.trailingClosure ?? arguments.last(where: { $0.label?.text == "body" })?.expression.as(ClosureExprSyntax.self)
        else { throw PreviewMacroError("#Preview needs the view in a closure: #Preview { MyView() }") }
        arguments.removeAll { $0.label?.text == "body" }
        if let last = arguments.indices.last { arguments[last] = arguments[last].with(\.trailingComma, nil) }
        let list = LabeledExprListSyntax(arguments)
        return ["""
            struct \(context.makeUniqueName("Preview")): KioskUI.PreviewRegistry {
                static var registeredPreviews: [KioskUI.Preview] {
                    [KioskUI.Preview(\(list)) \(body.trimmed)]
                }
            }
            """]
    }

    /// `File-Line` for the preview's place in its file.
    private static func defaultName(of node: some FreestandingMacroExpansionSyntax, in context: some MacroExpansionContext) -> String {
        guard let location = context.location(of: node, at: .afterLeadingTrivia, filePathMode: .fileID),
              let file = location.file.as(StringLiteralExprSyntax.self)?.representedLiteralValue,
              let line = location.line.as(IntegerLiteralExprSyntax.self)?.literal.text
        else { return "Preview" }
        let fileName = file.split(separator: "/").last.map(String.init) ?? file
        let stem = fileName.hasSuffix(".swift") ? String(fileName.dropLast(6)) : fileName
        return "\(stem)-\(line)"
    }
}

struct PreviewMacroError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
