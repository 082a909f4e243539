/// A table while the parser fills it. TOML's rules on which tables may be extended later
/// depend on how each was made, so every table remembers that; `build()` turns the tree
/// into plain values once the text is read.
final class TableBuilder {
    enum Origin {
        /// Named only on the way to a deeper `[a.b]` header: a later `[a]` may still define it.
        case implicit
        /// Defined by its own `[header]` or `[[header]]` (or the document root).
        case header
        /// Made by a dotted key (`a.b = 1`): closed to headers, open to more dotted keys.
        case dotted
    }

    enum Member {
        /// A finished value, inline tables and arrays included: nothing may be added to it.
        case value(TOMLValue)
        case table(TableBuilder)
        /// An array of tables from `[[header]]`s.
        case tables(TableArray)
    }

    /// The tables of one `[[header]]` key, shared so that each further `[[header]]` appends
    /// in place: rebuilding the array each time made a file of n buttons take n² steps.
    final class TableArray {
        var elements: [TableBuilder]
        let position: TOMLPosition

        init(_ first: TableBuilder, position: TOMLPosition) {
            elements = [first]
            self.position = position
        }
    }

    struct Slot {
        var key: String
        var keyPosition: TOMLPosition
        var member: Member
    }

    var origin: Origin
    var position: TOMLPosition
    private(set) var slots: [Slot] = []
    private var index: [[UInt8]: Int] = [:]

    init(origin: Origin, position: TOMLPosition) {
        self.origin = origin
        self.position = position
    }

    subscript(key: [UInt8]) -> Slot? {
        get { index[key].map { slots[$0] } }
        set {
            guard let newValue else { return }
            if let i = index[key] {
                slots[i] = newValue
            } else {
                index[key] = slots.count
                slots.append(newValue)
            }
        }
    }

    func build() -> TOMLTable {
        var table = TOMLTable(position: position)
        for slot in slots {
            let value: TOMLValue
            switch slot.member {
            case .value(let v):
                value = v
            case .table(let builder):
                value = TOMLValue(.table(builder.build()), at: builder.position)
            case .tables(let array):
                value = TOMLValue(.array(array.elements.map { TOMLValue(.table($0.build()), at: $0.position) }), at: array.position)
            }
            table.append(slot.key, at: slot.keyPosition, value)
        }
        return table
    }
}
