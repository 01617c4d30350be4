import Testing

@testable import GaugeText

/// The generated tables against the Swift standard library's own Unicode properties, an
/// oracle built from the Unicode data files independently of the Python packages the
/// generator reads.
@Suite("Invisible scalars")
struct InvisibleScalarsTests {
  @Test("default-ignorables are the standard library's, scalar by scalar")
  func defaultIgnorables() {
    var differing: [UInt32] = []
    for value in UInt32(0)...0x10_FFFF {
      guard let scalar = Unicode.Scalar(value) else { continue }
      if InvisibleScalars.isDefaultIgnorable(scalar)
        != scalar.properties.isDefaultIgnorableCodePoint
      {
        differing.append(value)
      }
    }
    #expect(differing == [])
  }

  @Test("bidi controls are the standard library's, scalar by scalar")
  func bidiControls() {
    var count = 0
    var differing: [UInt32] = []
    for value in UInt32(0)...0x10_FFFF {
      guard let scalar = Unicode.Scalar(value) else { continue }
      let isBidiControl = InvisibleScalars.isBidiControl(scalar)
      if isBidiControl != scalar.properties.isBidiControl { differing.append(value) }
      if isBidiControl { count += 1 }
    }
    #expect(differing == [])
    #expect(count == 12)
  }

  @Test("forbidden controls are Cc and the two separators")
  func forbiddenControls() {
    var differing: [UInt32] = []
    for value in UInt32(0)...0x10_FFFF {
      guard let scalar = Unicode.Scalar(value) else { continue }
      let category = scalar.properties.generalCategory
      let expected =
        category == .control || category == .lineSeparator || category == .paragraphSeparator
      if InvisibleScalars.isForbiddenControl(scalar) != expected { differing.append(value) }
    }
    #expect(differing == [])
  }

  @Test("examples by name")
  func examples() {
    for scalar: Unicode.Scalar in ["\u{AD}", "\u{200B}", "\u{200D}", "\u{FE0F}", "\u{E0067}"] {
      #expect(InvisibleScalars.isDefaultIgnorable(scalar))
    }
    for scalar: Unicode.Scalar in ["a", " ", "\u{1B}", "\u{2028}", "\u{3000}", "\u{301}"] {
      #expect(!InvisibleScalars.isDefaultIgnorable(scalar))
    }
    #expect(InvisibleScalars.isForbiddenControl("\u{1B}"))
    #expect(InvisibleScalars.isForbiddenControl("\u{85}"))
    #expect(!InvisibleScalars.isForbiddenControl("\u{A0}"))
    #expect(InvisibleScalars.isBidiControl("\u{202E}"))
    #expect(!InvisibleScalars.isBidiControl("\u{200D}"))
  }
}
