import KioskCore
import Testing

@Suite("Emptying arrays")
struct ArrayEmptyingTests {
    @Test func emptyingKeepsTheStorageForTheNextElements() {
        var list = ["a", "b", "c"]
        list.reserveCapacity(16)
        let capacity = list.capacity
        list.emptyKeepingCapacity()
        #expect(list.isEmpty)
        #expect(list.capacity == capacity)
        list.append("d")
        #expect(list == ["d"])
    }
}
