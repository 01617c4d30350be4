extension FontFace {
  /// DejaVu Sans (Book), subset to Latin, punctuation, units, arrows and a few shapes;
  /// decoded on first use. Its licence is in the package's Fonts/LICENSE-DejaVu.txt.
  package static let dejaVuSans = bundled(BundledFontData.dejaVuSans)

  /// DejaVu Sans Bold, the same subset as ``dejaVuSans``; decoded on first use.
  package static let dejaVuSansBold = bundled(BundledFontData.dejaVuSansBold)

  private static func bundled(_ base64: String) -> FontFace {
    // The tests read both bundled fonts, so a failure here is a build mistake, not user data.
    guard let bytes = BundledFontData.decode(base64), let font = try? FontFace(data: bytes)
    else { preconditionFailure("the bundled font data is corrupt; run scripts/embed-fonts") }
    return font
  }
}
