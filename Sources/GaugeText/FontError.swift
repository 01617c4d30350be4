/// Why a font file could not be read.
package enum FontError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The data is a font GaugeText cannot read, or a table in it is truncated, inconsistent or
  /// past a limit; `reason` says which.
  case malformed(String)
  /// The data is a font in a format GaugeText does not read (WOFF, WOFF2); `reason` says how
  /// to convert it.
  case unsupportedFormat(String)

  /// The error in one line, for a message after "Error: ".
  package var description: String {
    switch self {
    case .malformed(let reason): "malformed font: \(reason)"
    case .unsupportedFormat(let reason): "unsupported font format: \(reason)"
    }
  }
}
