/// Finds libinput's calibration matrix from touches on known targets: each sample pairs
/// where a target was drawn with where the touchscreen reported the finger, both
/// normalised to 0...1 across the panel. Least squares over the samples fits the affine
/// map `reported → target` (six values), which covers swapped axes, inversion, scale,
/// offset and skew; three samples not on one line determine it, more average out the
/// finger's error.
public struct CalibrationSolver: Sendable {
    public struct Sample: Sendable, Equatable {
        /// Where the target was drawn, normalised panel coordinates.
        public var target: (x: Double, y: Double)
        /// Where the touch was reported (with `current` applied), normalised.
        public var reported: (x: Double, y: Double)

        public init(target: (x: Double, y: Double), reported: (x: Double, y: Double)) {
            self.target = target
            self.reported = reported
        }

        public static func == (a: Sample, b: Sample) -> Bool {
            a.target == b.target && a.reported == b.reported
        }
    }

    public var samples: [Sample] = []

    public init(samples: [Sample] = []) {
        self.samples = samples
    }

    /// The matrix that maps the reported points onto the targets. When the touches were
    /// read with `current` already applied, the result includes it: it is the matrix to
    /// install in its place.
    public func solve(current: CalibrationMatrix = .identity) throws -> CalibrationMatrix {
        guard samples.count >= 3 else {
            throw InputError("calibration", reason: "needs at least 3 touches, got \(samples.count)")
        }
        // Normal equations (AᵀA)p = Aᵀb with rows (x, y, 1), once for each output axis.
        var ata = [[Double]](repeating: [0, 0, 0], count: 3)
        var atu = [0.0, 0, 0], atv = [0.0, 0, 0]
        for s in samples {
            let row = [s.reported.x, s.reported.y, 1]
            for i in 0..<3 {
                for j in 0..<3 { ata[i][j] += row[i] * row[j] }
                atu[i] += row[i] * s.target.x
                atv[i] += row[i] * s.target.y
            }
        }
        guard let first = Self.solve3(ata, atu), let second = Self.solve3(ata, atv) else {
            throw InputError("calibration", reason: "the touches lie on one line (or on one point); touch each target once")
        }
        let fitted = try CalibrationMatrix(first + second)
        return try fitted.composed(after: current)
    }

    /// The largest distance, in normalised units, between a target and its reported touch
    /// mapped through `matrix` (with the `current` matrix the touches were read with undone).
    public func worstError(of matrix: CalibrationMatrix) -> Double {
        samples.map { s in
            let p = matrix.apply(x: s.reported.x, y: s.reported.y)
            return ((p.x - s.target.x) * (p.x - s.target.x) + (p.y - s.target.y) * (p.y - s.target.y)).squareRoot()
        }.max() ?? 0
    }

    /// Solves the 3x3 system by Cramer's rule; nil when it is singular.
    static func solve3(_ m: [[Double]], _ b: [Double]) -> [Double]? {
        func det(_ a: [[Double]]) -> Double {
            a[0][0] * (a[1][1] * a[2][2] - a[1][2] * a[2][1])
                - a[0][1] * (a[1][0] * a[2][2] - a[1][2] * a[2][0])
                + a[0][2] * (a[1][0] * a[2][1] - a[1][1] * a[2][0])
        }
        let d = det(m)
        let scale = m.flatMap { $0 }.map(abs).max() ?? 0
        guard abs(d) > 1e-12 * max(scale * scale * scale, 1e-30) else { return nil }
        return (0..<3).map { column in
            var replaced = m
            for row in 0..<3 { replaced[row][column] = b[row] }
            return det(replaced) / d
        }
    }
}

extension CalibrationMatrix {
    /// This matrix applied after `first`: a point goes through `first`, then through this.
    public func composed(after first: CalibrationMatrix) throws -> CalibrationMatrix {
        let a = values, b = first.values
        return try CalibrationMatrix([
            a[0] * b[0] + a[1] * b[3], a[0] * b[1] + a[1] * b[4], a[0] * b[2] + a[1] * b[5] + a[2],
            a[3] * b[0] + a[4] * b[3], a[3] * b[1] + a[4] * b[4], a[3] * b[2] + a[4] * b[5] + a[5],
        ])
    }

    /// The matrix that undoes this one; nil when it is singular.
    public var inverse: CalibrationMatrix? {
        let (a, b, c, d, e, f) = (values[0], values[1], values[2], values[3], values[4], values[5])
        let det = a * e - b * d
        guard abs(det) > 1e-12 else { return nil }
        return try? CalibrationMatrix([e / det, -b / det, (b * f - c * e) / det, -d / det, a / det, (c * d - a * f) / det])
    }

    /// The six values as LIBINPUT_CALIBRATION_MATRIX and `--calibration` take them.
    public var text: String {
        values.map { v in
            let rounded = (v * 1_000_000).rounded() / 1_000_000
            return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
        }.joined(separator: " ")
    }
}
