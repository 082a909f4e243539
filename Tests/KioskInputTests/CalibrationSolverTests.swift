import KioskInput
import Testing

@Suite("Calibration solver")
struct CalibrationSolverTests {
    /// Targets near the four corners and the centre, as `kiosk calibrate` draws them.
    static let targets: [(x: Double, y: Double)] = [(0.1, 0.1), (0.9, 0.1), (0.9, 0.9), (0.1, 0.9), (0.5, 0.5)]

    /// The touches a panel whose true calibration is `matrix` reports on the targets
    /// (the inverse map), with `noise` added.
    static func samples(for matrix: [Double], noise: [(Double, Double)] = []) -> [CalibrationSolver.Sample] {
        let (a, b, c, d, e, f) = (matrix[0], matrix[1], matrix[2], matrix[3], matrix[4], matrix[5])
        let det = a * e - b * d
        return targets.enumerated().map { i, t in
            let (u, v) = (t.x - c, t.y - f)
            let n = i < noise.count ? noise[i] : (0, 0)
            return .init(target: t, reported: ((e * u - b * v) / det + n.0, (a * v - d * u) / det + n.1))
        }
    }

    static let known: [(String, [Double])] = [
        ("identity", [1, 0, 0, 0, 1, 0]),
        ("swapped axes", [0, 1, 0, 1, 0, 0]),
        ("x inverted", [-1, 0, 1, 0, 1, 0]),
        ("both inverted", [-1, 0, 1, 0, -1, 1]),
        ("scale and offset", [1.1, 0, -0.05, 0, 0.9, 0.04]),
        ("skewed and swapped", [0.05, 1.08, -0.06, 0.95, -0.04, 0.03]),
        ("rotated 90 and scaled", [0, -0.9, 0.95, 1.05, 0, -0.02]),
    ]

    @Test("Recovers known matrices", arguments: known.map(\.0))
    func recovers(name: String) throws {
        let matrix = try #require(Self.known.first { $0.0 == name }).1
        let solved = try CalibrationSolver(samples: Self.samples(for: matrix)).solve()
        for (got, want) in zip(solved.values, matrix) { #expect(abs(got - want) < 1e-9, "\(solved.values) vs \(matrix)") }
    }

    @Test("Least squares spreads a finger's error: within 2 px on 1280x800 for ±1 px touches")
    func noisy() throws {
        let matrix = [0.05, 1.08, -0.06, 0.95, -0.04, 0.03]
        let px = (1.0 / 1280, 1.0 / 800)
        let noise = [(px.0, -px.1), (-px.0, px.1), (px.0, px.1), (-px.0, -px.1), (0, 0)]
        let solver = CalibrationSolver(samples: Self.samples(for: matrix, noise: noise))
        let solved = try solver.solve()
        let clean = CalibrationSolver(samples: Self.samples(for: matrix))
        #expect(clean.worstError(of: solved) * 1280 < 2)
    }

    @Test("Touches read with a matrix already applied give the matrix to install instead")
    func composesWithTheCurrentMatrix() throws {
        let truth = try CalibrationMatrix([0, 1, 0, 1, 0, 0])
        let current = try CalibrationMatrix([-1, 0, 1, 0, 1, 0])
        // What the panel reports through `current`: current ∘ truth⁻¹ of each target.
        let raw = Self.samples(for: truth.values)
        let read = raw.map { s in CalibrationSolver.Sample(target: s.target, reported: current.apply(x: s.reported.x, y: s.reported.y)) }
        let solved = try CalibrationSolver(samples: read).solve(current: current)
        for (got, want) in zip(solved.values, truth.values) { #expect(abs(got - want) < 1e-9) }
        #expect(solved.text == "0 1 0 1 0 0")
    }

    @Test("Too few touches, or touches on one line, are errors that say so")
    func degenerate() {
        let line = [(0.1, 0.1), (0.5, 0.5), (0.9, 0.9)].map { CalibrationSolver.Sample(target: $0, reported: $0) }
        #expect(throws: InputError.self) { try CalibrationSolver(samples: Array(line.prefix(2))).solve() }
        do {
            _ = try CalibrationSolver(samples: line).solve()
            Issue.record("collinear touches solved")
        } catch {
            #expect("\(error)".contains("one line"))
        }
    }
}
