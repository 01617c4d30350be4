/// Why a font file could not be read.
package enum FontError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The data is a font GaugeText cannot read, or a table in it is truncated, inconsistent or
  /// past a limit; `reason` says which.
  case malformed(String)
  /// The data is a font in a format GaugeText does not read (WOFF, WOFF2); `reason` says how
  /// to convert it.
  case unsupportedFormat(String)
  /// A caller's text face cannot draw the digits 0-9 that every readout needs; `reason`
  /// says which, and for a collection which face.
  case noDigits(String)

  /// The error in one line, for a message after "Error: ".
  package var description: String {
    switch self {
    case .malformed(let reason): "malformed font: \(reason)"
    case .unsupportedFormat(let reason): "unsupported font format: \(reason)"
    case .noDigits(let reason): "\(reason); give a text font that draws 0-9"
    }
  }
}
