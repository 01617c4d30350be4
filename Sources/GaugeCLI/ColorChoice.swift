import GaugeKit

/// What the user asked for with `--color`.
enum ColorChoice: String, Sendable, Hashable, CaseIterable {
  case auto
  case always
  case never
  case trueColor = "truecolor"
  case ansi256 = "256"
  case ansi16 = "16"

  /// The depth to draw with: `never` and a named depth as they say; `auto` as the terminal's
  /// environment decides (`ColorDepth.detect`); `always` the same but in colour whatever
  /// `NO_COLOR`, `TERM=dumb` or a pipe say.
  func depth(environment: [String: String], isTerminal: Bool) -> ColorDepth {
    switch self {
    case .never: return .none
    case .trueColor: return .trueColor
    case .ansi256: return .ansi256
    case .ansi16: return .ansi16
    case .auto, .always:
      return ColorDepth.detect(
        environment: environment, isTerminal: isTerminal, forcingColor: self == .always)
    }
  }
}
