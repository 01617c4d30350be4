import GaugeSupport

/// The largest image side GaugeKit lays out, in pixels.
public let maximumImageSide = 8192

/// The checks every picture shares, gauge or chart, so a bad size or duration reads the same
/// whichever drew it.
package enum RenderLimits {
  /// The sides an image may have, in pixels.
  package static let sides = 1...maximumImageSide
  /// The seconds an animation may last.
  package static let durations = 0.0...60.0

  /// Throws unless both sides are within `sides`.
  package static func checkSize(width: Int, height: Int) throws(GaugeError) {
    guard sides.contains(width), sides.contains(height) else {
      throw .invalidSize(
        "size \(width)×\(height) is out of range; width and height must be 1...\(maximumImageSide)")
    }
  }

  /// Throws unless `seconds` is finite and within `durations`.
  package static func checkDuration(_ seconds: Double) throws(GaugeError) {
    guard seconds.isFinite, durations.contains(seconds) else {
      throw .invalidOption(
        "duration \(FixedDecimal.plain(seconds)) is out of range; allowed: 0...60 seconds")
    }
  }
}
