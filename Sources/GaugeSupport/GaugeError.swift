import GaugeGeometry

/// One problem in a gauge definition, placed as exactly as the input allows.
public struct Diagnostic: Sendable, Hashable, CustomStringConvertible {
  /// The file it came from, when it came from one.
  public var file: String?
  /// 1-based line and column of the offending JSON value, when decoded from text.
  public var line: Int?
  /// The 1-based column, counted in characters, when decoded from text.
  public var column: Int?
  /// The JSON path of the offending value: `zones[2].upTo`; empty for the whole document.
  public var path: String
  /// What is wrong and what is allowed.
  public var message: String

  /// Creates a diagnostic.
  package init(
    path: String, message: String, file: String? = nil, line: Int? = nil, column: Int? = nil
  ) {
    self.path = path
    self.message = message
    self.file = file
    self.line = line
    self.column = column
  }

  /// `file:line:column: path: message`, leaving out what is not known; a column without a
  /// line (a place on a one-line text, such as a batch line) is `column 12: path: message`.
  public var description: String {
    var text = ""
    if let file { text += file + ":" }
    if let line {
      text += "\(line):"
      if let column { text += "\(column):" }
    } else if let column {
      text += "column \(column):"
    }
    if !text.isEmpty { text += " " }
    if !path.isEmpty { text += path + ": " }
    return text + message
  }
}

/// Everything GaugeKit throws. Bad user data always ends here; it never traps.
public enum GaugeError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The gauge definition breaks one or more rules.
  case invalidGauge([Diagnostic])
  /// The chart's data or options break one or more rules.
  case invalidChart([Diagnostic])
  /// The requested image size is unusable.
  case invalidSize(String)
  /// A render or animation option is out of range.
  case invalidOption(String)
  /// No built-in preset has that name; `known` lists the names there are.
  case unknownPreset(name: String, known: [String], suggestion: String?)

  public var description: String {
    switch self {
    case .invalidGauge(let problems), .invalidChart(let problems):
      return problems.map(\.description).joined(separator: "\n")
    case .invalidSize(let message), .invalidOption(let message):
      return message
    case .unknownPreset(let name, let known, let suggestion):
      var text = "unknown preset \"\(name)\"; the built-in presets are "
      text += known.joined(separator: ", ")
      if let suggestion { text += "; did you mean \"\(suggestion)\"?" }
      return text
    }
  }
}

extension [Diagnostic] {
  /// The problems in reading order: by line, then column; problems without a place, and
  /// ties, keep their order.
  package var inReadingOrder: [Diagnostic] {
    enumerated().sorted {
      let a = ($0.element.line ?? 0, $0.element.column ?? 0, $0.offset)
      let b = ($1.element.line ?? 0, $1.element.column ?? 0, $1.offset)
      return a < b
    }.map(\.element)
  }
}
