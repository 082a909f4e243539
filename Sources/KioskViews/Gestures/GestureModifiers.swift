import KioskGestures

/// A gesture that calls `action` with each new value while it is under way (`onChanged`).
public struct ChangedGesture<Content: Gesture>: Gesture, PrimitiveGesture where Content.Value: Equatable {
    public typealias Value = Content.Value
    @usableFromInline let content: Content
    @usableFromInline let action: (Value) -> Void

    @usableFromInline init(content: Content, action: @escaping (Value) -> Void) {
        (self.content, self.action) = (content, action)
    }

    public var body: Never { fatalError("ChangedGesture is primitive") }

    @inlinable func makeEngineGesture(_ geometry: GestureGeometry) -> EngineGesture<Value> {
        let action = self.action
        return engineGesture(content, geometry).observing { phase in
            if case .changed(let value) = phase { action(value) }
        }
    }
}

/// A gesture that calls `action` with its final value when it succeeds (`onEnded`); a
/// failure or a cancel calls nothing.
public struct EndedGesture<Content: Gesture>: Gesture, PrimitiveGesture {
    public typealias Value = Content.Value
    @usableFromInline let content: Content
    @usableFromInline let action: (Value) -> Void

    @usableFromInline init(content: Content, action: @escaping (Value) -> Void) {
        (self.content, self.action) = (content, action)
    }

    public var body: Never { fatalError("EndedGesture is primitive") }

    @inlinable func makeEngineGesture(_ geometry: GestureGeometry) -> EngineGesture<Value> {
        let action = self.action
        return engineGesture(content, geometry).observing { phase in
            if case .ended(let value) = phase { action(value) }
        }
    }
}

/// A gesture whose values are transformed (`map`).
public struct MapGesture<Content: Gesture, Value>: Gesture {
    @usableFromInline let content: Content
    @usableFromInline let transform: (Content.Value) -> Value

    @usableFromInline init(content: Content, transform: @escaping (Content.Value) -> Value) {
        (self.content, self.transform) = (content, transform)
    }

    public var body: Never { fatalError("MapGesture is primitive") }

    // Its own witness: a generic `Value` would otherwise be inferred from the default for bodies.
    @inlinable public static func _makeGesture(_ gesture: Self, inputs: _GestureInputs) -> _GestureOutputs<Value> {
        _GestureOutputs(engine: engineGesture(gesture.content, inputs.geometry).mapped(gesture.transform))
    }
}

// Inlinable: a gesture is made in every evaluation of the body that attaches it, where
// its types are known.
extension Gesture where Value: Equatable {
    @inlinable public func onChanged(_ action: @escaping (Value) -> Void) -> ChangedGesture<Self> {
        ChangedGesture(content: self, action: action)
    }
}

extension Gesture {
    @inlinable public func onEnded(_ action: @escaping (Value) -> Void) -> EndedGesture<Self> {
        EndedGesture(content: self, action: action)
    }

    @inlinable public func map<T>(_ transform: @escaping (Value) -> T) -> MapGesture<Self, T> {
        MapGesture(content: self, transform: transform)
    }

    /// Both gestures see every touch and both may succeed (pinch with rotation).
    @inlinable public func simultaneously<Other: Gesture>(with other: Other) -> SimultaneousGesture<Self, Other> {
        SimultaneousGesture(self, other)
    }

    /// `other` starts once this gesture succeeded (a long press that unlocks a drag).
    @inlinable public func sequenced<Other: Gesture>(before other: Other) -> SequenceGesture<Self, Other> {
        SequenceGesture(self, other)
    }

    /// Only one of the two succeeds; this one has priority.
    @inlinable public func exclusively<Other: Gesture>(before other: Other) -> ExclusiveGesture<Self, Other> {
        ExclusiveGesture(self, other)
    }
}

public struct SimultaneousGesture<First: Gesture, Second: Gesture>: Gesture, PrimitiveGesture {
    /// The latest value of each part; nil for a part that has none.
    public struct Value {
        public var first: First.Value?
        public var second: Second.Value?

        @usableFromInline init(first: First.Value?, second: Second.Value?) {
            (self.first, self.second) = (first, second)
        }
    }

    public var first: First
    public var second: Second

    public init(_ first: First, _ second: Second) {
        self.first = first
        self.second = second
    }

    public var body: Never { fatalError("SimultaneousGesture is primitive") }

    @inlinable func makeEngineGesture(_ geometry: GestureGeometry) -> EngineGesture<Value> {
        EngineGesture(engineGesture(first, geometry).simultaneously(with: engineGesture(second, geometry)))
            .mapped { Value(first: $0.first, second: $0.second) }
    }
}

extension SimultaneousGesture.Value: Equatable where First.Value: Equatable, Second.Value: Equatable {}

public struct SequenceGesture<First: Gesture, Second: Gesture>: Gesture, PrimitiveGesture {
    public enum Value {
        case first(First.Value)
        case second(First.Value, Second.Value?)
    }

    public var first: First
    public var second: Second

    public init(_ first: First, _ second: Second) {
        self.first = first
        self.second = second
    }

    public var body: Never { fatalError("SequenceGesture is primitive") }

    @inlinable func makeEngineGesture(_ geometry: GestureGeometry) -> EngineGesture<Value> {
        EngineGesture(engineGesture(first, geometry).sequenced(before: engineGesture(second, geometry))).mapped { value in
            switch value {
            case .first(let a): Value.first(a)
            case .second(let a, let b): Value.second(a, b)
            }
        }
    }
}

extension SequenceGesture.Value: Equatable where First.Value: Equatable, Second.Value: Equatable {}

public struct ExclusiveGesture<First: Gesture, Second: Gesture>: Gesture, PrimitiveGesture {
    public enum Value {
        case first(First.Value)
        case second(Second.Value)
    }

    public var first: First
    public var second: Second

    public init(_ first: First, _ second: Second) {
        self.first = first
        self.second = second
    }

    public var body: Never { fatalError("ExclusiveGesture is primitive") }

    @inlinable func makeEngineGesture(_ geometry: GestureGeometry) -> EngineGesture<Value> {
        EngineGesture(engineGesture(first, geometry).exclusively(before: engineGesture(second, geometry))).mapped { value in
            switch value {
            case .first(let a): Value.first(a)
            case .second(let b): Value.second(b)
            }
        }
    }
}

extension ExclusiveGesture.Value: Equatable where First.Value: Equatable, Second.Value: Equatable {}
