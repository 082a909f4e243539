import CYAML

/// A YAML document as libyaml loads it: a graph of nodes by index where an alias is the node
/// it names (walking an alias twice walks one node twice, so it costs no memory), each node
/// with the line it starts on.
final class YAMLDocument {
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
        var line: Int { Int(node.start_mark.line) + 1 }

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

    /// The document's root; nil for a file with no document. Made on demand: a node keeps its
    /// document alive, so a stored root would keep the document from ever being freed.
    var root: Node? { hasRoot ? Node(document: self, index: 1) : nil }
    private var hasRoot = false

    /// Loads the first document of `text`. A mapping that names a key twice is an error, as
    /// a YAML loader that checks the specification's uniqueness rule reports it.
    init(parsing text: String) throws {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) != 0 else { throw SyntaxError(line: nil, message: "not valid YAML") }
        defer { yaml_parser_delete(&parser) }
        var bytes = Array(text.utf8)
        let loaded = bytes.withUnsafeMutableBufferPointer { buffer in
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            return yaml_parser_load(&parser, &document) != 0
        }
        guard loaded else { throw Self.syntaxError(parser, in: bytes) }
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
            var duplicates: Set<String> = []
            for (key, _) in mapping {
                guard let name = key.scalar else { continue }
                if !seen.insert(name).inserted { duplicates.insert(name) }
            }
            if !duplicates.isEmpty {
                throw SyntaxError(line: Node(document: self, index: index).line,
                                  message: "duplicated keys \(duplicates.sorted().joined(separator: ", "))")
            }
        }
    }

    /// libyaml's message and line: a reader error (bad encoding, control characters) names a
    /// byte offset, the others a position.
    private static func syntaxError(_ parser: yaml_parser_t, in bytes: [UInt8]) -> SyntaxError {
        let problem = parser.problem.map { String(cString: $0) } ?? "unknown error"
        switch parser.error {
        case YAML_READER_ERROR:
            let line = bytes.prefix(min(parser.problem_offset, bytes.count)).filter { $0 == UInt8(ascii: "\n") }.count + 1
            return SyntaxError(line: line, message: "not valid YAML: \(problem)")
        case YAML_SCANNER_ERROR, YAML_PARSER_ERROR, YAML_COMPOSER_ERROR:
            return SyntaxError(line: Int(parser.problem_mark.line) + 1, message: "not valid YAML: \(problem)")
        default:
            return SyntaxError(line: nil, message: "not valid YAML")
        }
    }
}
