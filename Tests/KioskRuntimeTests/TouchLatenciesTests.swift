@testable import KioskRuntime
import Testing

@Suite("Touch latencies")
struct TouchLatenciesTests {
    @Test("A long run keeps only the latest samples and counts them all")
    func boundedWindow() {
        var latencies = TouchLatencies()
        let count = TouchLatencies.capacity + 1000
        for i in 0..<count { latencies.append(.init(frames: 1, microseconds: Int64(i))) }
        #expect(latencies.total == count)
        #expect(latencies.recent.count == TouchLatencies.capacity)
        #expect(latencies.recent.first?.microseconds == 1000)
        #expect(latencies.recent.last?.microseconds == Int64(count - 1))
        #expect(latencies.recent.map(\.microseconds) == Array(1000..<Int64(count)))
    }

    @Test("Before the window is full every sample is kept, oldest first")
    func partialWindow() {
        var latencies = TouchLatencies()
        for i in 0..<3 { latencies.append(.init(frames: i + 1, microseconds: Int64(i) * 10)) }
        #expect(latencies.recent.map(\.microseconds) == [0, 10, 20])
        #expect(latencies.total == 3)
    }
}
