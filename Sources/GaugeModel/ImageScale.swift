import GaugeSupport

/// How far a PNG's layout pixels may be scaled: each side, times the scale, within
/// `RenderLimits.sides`. The CLI's `--scale`, batch lines and the service's `scale` all say
/// why not here, so they name the same limit and the scale that fits in the same words.
@_spi(Service) public enum ImageScale {
  /// Why `scale` cannot draw an image of `width` × `height` layout pixels, to follow the
  /// caller's name for the scale (`--scale: `, the `scale` parameter): "2 makes the
  /// 6000×3000 image 12000×6000 pixels; at most 8192 a side allowed, so at most 1.365"; nil
  /// when it can. `wholeScales` names the scale that fits as a whole number, for a caller
  /// that takes only those.
  ///
  /// Edge cases:
  /// - A side outside 1...8192 before scaling: nil; the size's own check says so.
  /// - Scaled sides round to the nearest pixel; the scale named is three decimals, rounded
  ///   toward the sizes that fit (down for the most, up for the least).
  @_spi(Service) public static func problem(
    _ scale: Double, width: Int, height: Int, wholeScales: Bool = false
  ) -> String? {
    let sides = RenderLimits.sides
    guard sides.contains(width), sides.contains(height) else { return nil }
    let pixels = (
      Int((Double(width) * scale).rounded()), Int((Double(height) * scale).rounded())
    )
    let step = wholeScales ? 1.0 : 1000.0
    let limit: String
    if pixels.0 > sides.upperBound || pixels.1 > sides.upperBound {
      let most =
        (Double(sides.upperBound) / Double(Swift.max(width, height)) * step).rounded(.down) / step
      limit = "at most \(sides.upperBound) a side allowed, so at most " + FixedDecimal.plain(most)
    } else if pixels.0 < sides.lowerBound || pixels.1 < sides.lowerBound {
      let least = (0.5 / Double(Swift.min(width, height)) * step).rounded(.up) / step
      limit =
        "at least \(sides.lowerBound) a side allowed, so at least " + FixedDecimal.plain(least)
    } else {
      return nil
    }
    return "\(FixedDecimal.plain(scale)) makes the \(width)×\(height) image "
      + "\(pixels.0)×\(pixels.1) pixels; \(limit)"
  }
}
