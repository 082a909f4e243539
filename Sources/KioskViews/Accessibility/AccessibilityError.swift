/// Why an element could not be activated or adjusted; the description says it for a person.
public enum AccessibilityError: Error, Hashable, CustomStringConvertible {
    case noElement(String)
    case disabled(String)
    case noAction(String)
    case notAdjustable(String)

    public var description: String {
        switch self {
        case .noElement(let id): "no accessibility element \"\(id)\" on the screen shown"
        case .disabled(let id): "\"\(id)\" is disabled"
        case .noAction(let id): "\"\(id)\" has no action"
        case .notAdjustable(let id): "\"\(id)\" is not adjustable"
        }
    }
}
