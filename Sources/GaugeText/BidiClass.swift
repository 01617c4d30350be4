/// The Bidi_Class of a scalar (UAX #9, table 4): how the bidirectional algorithm treats it.
///
/// The raw values are the indices `scripts/generate-bidi-tables` writes, in this order.
package enum BidiClass: UInt8, Sendable, CaseIterable {
  // Strong.
  case leftToRight = 0
  case rightToLeft, arabicLetter
  // Weak.
  case europeanNumber, europeanSeparator, europeanTerminator, arabicNumber, commonSeparator
  case nonspacingMark, boundaryNeutral
  // Neutral.
  case paragraphSeparator, segmentSeparator, whiteSpace, otherNeutral
  // Explicit formatting.
  case leftToRightEmbedding, leftToRightOverride, rightToLeftEmbedding, rightToLeftOverride
  case popDirectionalFormat, leftToRightIsolate, rightToLeftIsolate, firstStrongIsolate
  case popDirectionalIsolate

  /// The class of `scalar` in Unicode 15.0 (L for anything the data does not list).
  package init(_ scalar: Unicode.Scalar) {
    // ASCII letters are L; every other class needs the table.
    let raw = UnicodeTables.bidiClasses.value(for: scalar.value) ?? 0
    self = BidiClass(rawValue: raw) ?? .leftToRight
  }

  /// Whether the class makes text right-to-left by itself: R, AL, RLE, RLO or RLI.
  var isRightToLeft: Bool {
    switch self {
    case .rightToLeft, .arabicLetter, .rightToLeftEmbedding, .rightToLeftOverride,
      .rightToLeftIsolate:
      true
    default: false
    }
  }

  /// LRI, RLI or FSI.
  var isIsolateInitiator: Bool {
    self == .leftToRightIsolate || self == .rightToLeftIsolate || self == .firstStrongIsolate
  }

  /// What X9 removes: the embeddings, overrides, PDF, and boundary neutrals.
  var isRemovedByX9: Bool {
    switch self {
    case .leftToRightEmbedding, .leftToRightOverride, .rightToLeftEmbedding,
      .rightToLeftOverride, .popDirectionalFormat, .boundaryNeutral:
      true
    default: false
    }
  }

  /// The neutrals and isolate formatting characters that N1 and N2 resolve (NI).
  var isNeutralOrIsolate: Bool {
    switch self {
    case .paragraphSeparator, .segmentSeparator, .whiteSpace, .otherNeutral,
      .leftToRightIsolate, .rightToLeftIsolate, .firstStrongIsolate, .popDirectionalIsolate:
      true
    default: false
    }
  }
}

extension BidiClass {
  /// The Bidi_Mirroring_Glyph of `scalar`: the character that draws it mirrored, as ")"
  /// for "(" in right-to-left text; nil if it has none.
  package static func mirror(of scalar: Unicode.Scalar) -> Unicode.Scalar? {
    UnicodeTables.pairValue(UnicodeTables.mirroredPairs, scalar.value).flatMap(Unicode.Scalar.init)
  }

  /// The bracket pair `scalar` belongs to (its opening bracket, canonical equivalents
  /// folded) and whether it opens; nil if it is not a paired bracket.
  static func bracket(of scalar: Unicode.Scalar) -> (pair: UInt32, isOpening: Bool)? {
    UnicodeTables.pairValue(UnicodeTables.bracketPairs, scalar.value).map {
      ($0 >> 1, $0 & 1 == 1)
    }
  }
}
