import Testing

@testable import GaugeRaster
@testable import GaugeText

/// A caller's font takes no more room than DejaVu Sans, in which the texts were placed.
@Suite struct FontFittingTests {
  @Test func aWiderFontIsDrawnSmallerByTheRatioOfWidths() {
    let bold = FontFace.dejaVuSansBold
    let regular = FontFace.dejaVuSans
    let factor = bold.shrinkage(toFit: "Stress", setIn: regular)
    #expect(factor == regular.width(of: "Stress", size: 1) / bold.width(of: "Stress", size: 1))
    #expect(factor < 1)
    #expect(bold.width(of: "Stress", size: 20 * factor) <= regular.width(of: "Stress", size: 20))
  }

  @Test func aNarrowerFontKeepsItsSize() {
    #expect(FontFace.dejaVuSans.shrinkage(toFit: "Stress", setIn: .dejaVuSansBold) == 1)
    #expect(FontFace.dejaVuSans.shrinkage(toFit: "", setIn: .dejaVuSansBold) == 1)
  }
}
