import CYAML
import KioskCore

/// A YAML document as libyaml loads it: a graph of nodes by index where an alias is the node
/// it names (walking an alias twice walks one node twice, so it costs no memory), each node
/// with the line it starts on.
///
/// Lines are counted as an editor counts them, by "\n": libyaml also ends lines at a lone
/// "\r", NEL, LS and PS, and puts the end of the text on a line after the last.
final class YAMLDocument {
    /// Flow collections (`[` and `{`) nested deeper than this are refused before loading:
    /// libyaml's scanner looks at every open one for each token, so 200 KB of `[` would take
    /// a minute. A recording nests two deep.
    static let maximumFlowDepth = 64

    /// Why the text is not YAML, with the line libyaml names (nil when it names none).
    struct SyntaxError: Error {
        var line: Int?
        var message: String
    }

    /// One node of the document; it keeps the document alive.
    struct Node {
        fileprivate let document: YAMLDocument
        fileprivate let index: Int32

        private var node: yaml_node_t { document.node(index) }

        /// 1-based.
        var line: Int { document.line(of: node.start_mark) }

        /// The text of a scalar; nil for a list or a mapping.
        var scalar: String? {
            let node = node
            guard node.type == YAML_SCALAR_NODE else { return nil }
            let bytes = UnsafeBufferPointer(start: node.data.scalar.value, count: node.data.scalar.length)
            return String(decoding: bytes, as: UTF8.self)
        }

        /// A scalar written without quotes (where `~` and `null` mean nothing).
        var isPlainScalar: Bool { node.type == YAML_SCALAR_NODE && node.data.scalar.style == YAML_PLAIN_SCALAR_STYLE }

        /// A list's items; nil for a scalar or a mapping.
        var sequence: [Node]? {
            let node = node
            guard node.type == YAML_SEQUENCE_NODE else { return nil }
            let items = node.data.sequence.items
            return UnsafeBufferPointer(start: items.start, count: items.top - items.start).map {
                Node(document: document, index: $0)
            }
        }

        /// A mapping's keys and values in the file's order; nil for a scalar or a list.
        var mapping: Mapping? {
            let node = node
            guard node.type == YAML_MAPPING_NODE else { return nil }
            let pairs = node.data.mapping.pairs
            return Mapping(pairs: UnsafeBufferPointer(start: pairs.start, count: pairs.top - pairs.start).map {
                (Node(document: document, index: $0.key), Node(document: document, index: $0.value))
            })
        }
    }

    struct Mapping: Sequence {
        let pairs: [(key: Node, value: Node)]

        /// The value of the scalar key `name`.
        subscript(name: String) -> Node? { pairs.first { $0.key.scalar == name }?.value }

        func makeIterator() -> IndexingIterator<[(key: Node, value: Node)]> { pairs.makeIterator() }
    }

    private var document = yaml_document_t()
    /// The index (in Unicode scalars, as libyaml's marks count) at which each line starts.
    private let lineStarts: [Int]

    /// The document's root; nil for a file with no document. Made on demand: a node keeps its
    /// document alive, so a stored root would keep the document from ever being freed.
    var root: Node? { hasRoot ? Node(document: self, index: 1) : nil }
    private var hasRoot = false

    /// Loads the first document of `text`. A mapping that names a key twice is an error, as
    /// a YAML loader that checks the specification's uniqueness rule reports it.
    init(parsing text: String) throws {
        lineStarts = Self.lineStarts(of: text)
        var bytes = Array(text.utf8)
        try Self.checkFlowDepth(&bytes, lineStarts: lineStarts)
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) != 0 else { throw SyntaxError(line: nil, message: "not valid YAML") }
        defer { yaml_parser_delete(&parser) }
        let loaded = bytes.withUnsafeMutableBufferPointer { buffer in
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            return yaml_parser_load(&parser, &document) != 0
        }
        guard loaded else { throw Self.syntaxError(parser, in: bytes, lineStarts: lineStarts) }
        hasRoot = yaml_document_get_root_node(&document) != nil
        try checkUniqueKeys()
    }

    deinit { yaml_document_delete(&document) }

    private func node(_ index: Int32) -> yaml_node_t { yaml_document_get_node(&document, index).pointee }

    private func checkUniqueKeys() throws {
        let count = Int32(document.nodes.top - document.nodes.start)
        guard count > 0 else { return }
        for index in 1...count {
            guard let mapping = Node(document: self, index: index).mapping else { continue }
            var seen: Set<String> = []
            for (key, _) in mapping {
                guard let name = key.scalar, !seen.insert(name).inserted else { continue }
                throw SyntaxError(line: key.line, message: "duplicated key \(ErrorText.quoted(name))")
            }
        }
    }

    /// The 1-based line of `mark`; the end of the text is on its last line.
    private func line(of mark: yaml_mark_t) -> Int { Self.line(at: mark.index, in: lineStarts) }

    private static func line(at index: Int, in lineStarts: [Int]) -> Int {
        var low = 0, high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lineStarts[mid] <= index { low = mid } else { high = mid - 1 }
        }
        return low + 1
    }

    /// Where each line starts, in scalars; a final "\n" starts no line of its own.
    private static func lineStarts(of text: String) -> [Int] {
        var starts = [0]
        var index = 0
        for scalar in text.unicodeScalars {
            index += 1
            if scalar == "\n" { starts.append(index) }
        }
        if starts.count > 1, starts.last == index { starts.removeLast() }
        return starts
    }

    /// Scans the tokens of `bytes` (a pass far cheaper than loading) and refuses flow
    /// collections nested deeper than `maximumFlowDepth`, at the line of the first too deep.
    /// Other faults are left to the load, which reports them.
    private static func checkFlowDepth(_ bytes: inout [UInt8], lineStarts: [Int]) throws {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) != 0 else { throw SyntaxError(line: nil, message: "not valid YAML") }
        defer { yaml_parser_delete(&parser) }
        try bytes.withUnsafeMutableBufferPointer { buffer in
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            var depth = 0
            while true {
                var token = yaml_token_t()
                guard yaml_parser_scan(&parser, &token) != 0 else { return }
                defer { yaml_token_delete(&token) }
                switch token.type {
                case YAML_STREAM_END_TOKEN:
                    return
                case YAML_FLOW_SEQUENCE_START_TOKEN, YAML_FLOW_MAPPING_START_TOKEN:
                    depth += 1
                    guard depth <= maximumFlowDepth else {
                        throw SyntaxError(line: line(at: token.start_mark.index, in: lineStarts),
                                          message: "not valid here: [ and { nest deeper than \(maximumFlowDepth)")
                    }
                case YAML_FLOW_SEQUENCE_END_TOKEN, YAML_FLOW_MAPPING_END_TOKEN:
                    depth -= 1
                default:
                    break
                }
            }
        }
    }

    /// libyaml's message and line: a reader error (bad encoding, control characters) names a
    /// byte offset, the others a position. An unclosed collection or string is reported where
    /// the text ends, so the line where it opened is named too.
    private static func syntaxError(_ parser: yaml_parser_t, in bytes: [UInt8], lineStarts: [Int]) -> SyntaxError {
        let problem = parser.problem.map { String(cString: $0) } ?? "unknown error"
        switch parser.error {
        case YAML_READER_ERROR:
            let line = bytes.prefix(min(parser.problem_offset, bytes.count)).filter { $0 == UInt8(ascii: "\n") }.count + 1
            return SyntaxError(line: line, message: "not valid YAML: \(problem)")
        case YAML_SCANNER_ERROR, YAML_PARSER_ERROR, YAML_COMPOSER_ERROR:
            let line = line(at: parser.problem_mark.index, in: lineStarts)
            var message = "not valid YAML: \(problem)"
            if let context = parser.context {
                let opened = Self.line(at: parser.context_mark.index, in: lineStarts)
                message += " (\(String(cString: context))" + (opened == line ? ")" : " from line \(opened))")
            }
            return SyntaxError(line: line, message: message)
        default:
            return SyntaxError(line: nil, message: "not valid YAML")
        }
    }
}
