/// The 52 expression coefficients of one face (ARKit-style blendshapes), as MediaPipe's blendshape
/// model ("Blendshape V2", Apache-2.0) gives them from face mesh v2's points: each 0…1, how far the
/// face shows that movement (`eyeBlinkLeft` near 1: the subject's left eye closed; `jawOpen`,
/// `mouthSmileLeft`, …). Left and Right are the subject's own, as everywhere in this library.
///
/// `Codable` as a JSON object of the 52 names (``Coefficient/name``, MediaPipe's spelling) in
/// MediaPipe's order, each value with 4 decimals like the probabilities of a ``Face``.
public struct Blendshapes: Sendable, Equatable {
    /// One coefficient, in MediaPipe's output order (`kBlendshapeNames` of its
    /// `face_blendshapes_graph.cc`); the raw value is the index in ``values``.
    public enum Coefficient: Int, CaseIterable, Sendable {
        /// MediaPipe's `_neutral`: the model's baseline output, which MediaPipe says to ignore.
        case neutral
        /// Brow lowered: subject's left, right; inner brows raised.
        case browDownLeft, browDownRight, browInnerUp
        /// Outer brow raised.
        case browOuterUpLeft, browOuterUpRight
        /// Cheeks puffed out.
        case cheekPuff
        /// Cheek raised, squinting.
        case cheekSquintLeft, cheekSquintRight
        /// Eye closed (blinking).
        case eyeBlinkLeft, eyeBlinkRight
        /// Gaze down.
        case eyeLookDownLeft, eyeLookDownRight
        /// Gaze towards the nose.
        case eyeLookInLeft, eyeLookInRight
        /// Gaze away from the nose.
        case eyeLookOutLeft, eyeLookOutRight
        /// Gaze up.
        case eyeLookUpLeft, eyeLookUpRight
        /// Eyelids narrowed.
        case eyeSquintLeft, eyeSquintRight
        /// Eyes opened wide.
        case eyeWideLeft, eyeWideRight
        /// Jaw pushed forward, to the subject's left, opened, to the subject's right.
        case jawForward, jawLeft, jawOpen, jawRight
        /// Lips closed while the jaw is open.
        case mouthClose
        /// Mouth corners pulled back (dimples).
        case mouthDimpleLeft, mouthDimpleRight
        /// Mouth corners down (frown).
        case mouthFrownLeft, mouthFrownRight
        /// Lips funnelled; mouth moved to the subject's left.
        case mouthFunnel, mouthLeft
        /// Lower lip pulled down.
        case mouthLowerDownLeft, mouthLowerDownRight
        /// Lips pressed together.
        case mouthPressLeft, mouthPressRight
        /// Lips puckered; mouth moved to the subject's right.
        case mouthPucker, mouthRight
        /// Lower and upper lip rolled in.
        case mouthRollLower, mouthRollUpper
        /// Lower and upper lip raised (shrug).
        case mouthShrugLower, mouthShrugUpper
        /// Mouth corners raised (smile).
        case mouthSmileLeft, mouthSmileRight
        /// Mouth corners stretched sideways.
        case mouthStretchLeft, mouthStretchRight
        /// Upper lip raised.
        case mouthUpperUpLeft, mouthUpperUpRight
        /// Nose wrinkled (sneer).
        case noseSneerLeft, noseSneerRight

        /// MediaPipe's name of the coefficient (`_neutral` for ``neutral``, otherwise the case's name).
        public var name: String { self == .neutral ? "_neutral" : "\(self)" }
    }

    /// The 52 coefficients, 0…1, in ``Coefficient`` order.
    public var values: [Float]

    /// Coefficients `values` (52 of them, in ``Coefficient`` order).
    public init(values: [Float]) {
        precondition(values.count == Coefficient.allCases.count, "Blendshapes: \(values.count) values, not 52")
        self.values = values
    }

    /// The value of `coefficient`.
    public subscript(_ coefficient: Coefficient) -> Float {
        get { values[coefficient.rawValue] }
        set { values[coefficient.rawValue] = newValue }
    }
}

extension Blendshapes: Codable {
    /// A key that is a coefficient's name.
    private struct NameKey: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Encodes the 52 names and values in MediaPipe's order, each value with 4 decimals.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: NameKey.self)
        for coefficient in Coefficient.allCases {
            try container.encode(
                FixedDecimal(self[coefficient], places: 4), forKey: NameKey(stringValue: coefficient.name))
        }
    }

    /// Decodes the object `encode(to:)` writes; every one of the 52 names must be there.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: NameKey.self)
        self.init(
            values: try Coefficient.allCases.map {
                try container.decode(Float.self, forKey: NameKey(stringValue: $0.name))
            })
    }
}
