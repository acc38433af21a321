/// Estimates head pose (ML Kit Euler angles) from measured landmarks by fitting ``GenericFaceModel``.
///
/// Method: a weak-perspective (scaled orthographic) PnP fit by least squares. An affine 2×3
/// projection is solved in closed form from the centred points, its rows are made orthonormal
/// (the nearest rotation, symmetric Gram–Schmidt), and a few Gauss–Newton steps over scale,
/// rotation and translation minimise the squared image distance between the measured points and
/// the projected model points. Needs at least four landmarks among the model's points, not all on
/// one plane of the model: in practice both eyes, a nose point and the mouth corners.
///
/// Limits: one generic face stands in for every head, so faces whose proportions differ (nose
/// length, eye–mouth distance) get a biased pitch of ±10° (pitch is the weakest angle: on MTFL faces
/// its spread around the mean is about 12°). Weak perspective ignores the depth difference across
/// the face, fine beyond about two face widths from the camera. Five points cannot tell yaw beyond
/// about ±60° (the far eye and mouth corner are then hidden and mislocated by any detector); profile
/// faces come out nearer ±40° than their true angle.
struct HeadPoseEstimator: Sendable {
    /// Gauss–Newton refinement steps after the closed-form start.
    var refinementSteps = 6

    /// An estimator with the default settings.
    init() {}

    /// The pose that best explains `landmarks` (image pixels), or `nil` when fewer than four of them
    /// are points of the model or they are degenerate (e.g. all at one place).
    func estimate(_ landmarks: [Landmark]) -> HeadPose? {
        let model = landmarks.map { GenericFaceModel.point($0.type) }
        let image = landmarks.map { SIMD2<Float>($0.position.x, -$0.position.y) }  // y up, as the model
        guard landmarks.count >= 4, var pose = Self.closedForm(model: model, image: image) else { return nil }
        for _ in 0..<refinementSteps { pose = Self.refined(pose, model: model, image: image) }
        return pose.scale.isFinite && pose.scale > 0 ? pose : nil
    }

    /// The affine least-squares fit `q ≈ M P + t`, turned into the nearest scaled rotation.
    static func closedForm(model: [SIMD3<Float>], image: [SIMD2<Float>]) -> HeadPose? {
        let n = Float(model.count)
        let pMean = model.reduce(SIMD3<Float>(), +) / n
        let qMean = image.reduce(SIMD2<Float>(), +) / n
        // A = Σ q Pᵀ (rows for x and y), B = Σ P Pᵀ, both over centred points.
        var ax = SIMD3<Float>()
        var ay = SIMD3<Float>()
        var b = (SIMD3<Float>(), SIMD3<Float>(), SIMD3<Float>())
        for (p0, q0) in zip(model, image) {
            let p = p0 - pMean
            let q = q0 - qMean
            ax += q.x * p
            ay += q.y * p
            b.0 += p.x * p
            b.1 += p.y * p
            b.2 += p.z * p
        }
        guard let inverse = Matrix3.inverse(b) else { return nil }
        let m1 = Matrix3.multiply(row: ax, inverse)
        let m2 = Matrix3.multiply(row: ay, inverse)
        let l1 = Matrix3.length(m1)
        let l2 = Matrix3.length(m2)
        guard l1 > 0, l2 > 0 else { return nil }
        let a = m1 / l1
        let c = m2 / l2
        let sum = a + c
        let difference = a - c
        guard Matrix3.length(sum) > 0, Matrix3.length(difference) > 0 else { return nil }
        let u = sum / Matrix3.length(sum)
        let v = difference / Matrix3.length(difference)
        let r1 = (u + v) / Float(2).squareRoot()
        let r2 = (u - v) / Float(2).squareRoot()
        let scale = (l1 + l2) / 2
        var pose = HeadPose(rotation: (r1, r2, Matrix3.cross(r1, r2)), scale: scale, translation: Point(x: 0, y: 0))
        let projectedMean = SIMD2<Float>((r1 * pMean).sum(), (r2 * pMean).sum()) * scale
        pose.translation = Point(x: qMean.x - projectedMean.x, y: -(qMean.y - projectedMean.y))
        return pose
    }

    /// One Gauss–Newton step on (scale, small rotation ω applied on the camera side, translation).
    static func refined(_ pose: HeadPose, model: [SIMD3<Float>], image: [SIMD2<Float>]) -> HeadPose {
        // Normal equations JᵀJ δ = −Jᵀr over the 6 parameters (ωx, ωy, ωz, log scale, tx, ty).
        var jtj = [Float](repeating: 0, count: 36)
        var jtr = [Float](repeating: 0, count: 6)
        let s = pose.scale
        for (p, q) in zip(model, image) {
            let c = pose.rotate(p)
            let residual = SIMD2<Float>(s * c.x + pose.translation.x - q.x, s * c.y - pose.translation.y - q.y)
            // d(ω × c)/dω, first two rows, times s; then d/d(log s) = s c; d/dt.
            let jx: [Float] = [0, s * c.z, -s * c.y, s * c.x, 1, 0]
            let jy: [Float] = [-s * c.z, 0, s * c.x, s * c.y, 0, -1]
            for i in 0..<6 {
                jtr[i] += jx[i] * residual.x + jy[i] * residual.y
                for j in 0..<6 { jtj[i * 6 + j] += jx[i] * jx[j] + jy[i] * jy[j] }
            }
        }
        for i in 0..<6 { jtj[i * 6 + i] += 1e-6 * (1 + jtj[i * 6 + i]) }  // a whisker of damping
        guard let delta = Matrix3.solve(jtj, jtr.map { -$0 }, size: 6) else { return pose }
        let omega = SIMD3<Float>(delta[0], delta[1], delta[2])
        let turn = Matrix3.rotation(omega)
        let r = pose.rotation
        let rotated = (
            Matrix3.multiply(row: turn.0, r), Matrix3.multiply(row: turn.1, r),
            Matrix3.multiply(row: turn.2, r)
        )
        var next = pose
        next.rotation = Matrix3.orthonormalised(rotated)
        next.scale = s * (1 + delta[3])
        next.translation = Point(x: pose.translation.x + delta[4], y: pose.translation.y + delta[5])
        return next
    }
}
