import Foundation

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// What must hold of any output, whatever the input. A broken invariant stops the process,
/// which libFuzzer records as a finding with the input that caused it.
public enum Invariants {
  public static func require(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError("invariant broken: \(message())") }
  }

  /// The SVG is well-formed XML and no number in it is NaN or infinite.
  public static func checkSVG(_ svg: String) {
    let parser = XMLParser(data: Data(svg.utf8))
    let reader = NumberAttributes()
    parser.delegate = reader
    require(
      parser.parse(), "SVG is not well-formed XML: \(parser.parserError.map { "\($0)" } ?? "")")
    require(reader.nonFinite == nil, "non-finite number in SVG: \(reader.nonFinite ?? "")")
  }

  /// Text for a terminal: no control character but the line break, and every escape
  /// sequence a CSI (`ESC [ parameters letter`), which only styles or moves the cursor.
  public static func checkTerminalText(_ text: String, allowingEscapes: Bool) {
    let scalars = Array(text.unicodeScalars)
    var index = 0
    while index < scalars.count {
      let value = scalars[index].value
      if value == 0x1B && allowingEscapes {
        index += 1
        require(index < scalars.count && scalars[index] == "[", "an escape that is not a CSI")
        index += 1
        while index < scalars.count, "0123456789;?".unicodeScalars.contains(scalars[index]) {
          index += 1
        }
        require(
          index < scalars.count
            && (("A"..."Z").contains(scalars[index]) || ("a"..."z").contains(scalars[index])),
          "a CSI without its final letter")
        index += 1
        continue
      }
      require(!isActionable(value), "raw control U+\(String(value, radix: 16)) in terminal text")
      index += 1
    }
  }

  /// Message text for standard error: escaped, so nothing a terminal would act on.
  public static func checkMessage(_ text: String) {
    for scalar in text.unicodeScalars {
      require(
        !isActionable(scalar.value) && scalar.value != 0x1B,
        "raw control U+\(String(scalar.value, radix: 16)) in a message")
    }
  }

  private static func isActionable(_ value: UInt32) -> Bool {
    (value < 0x20 && value != 0x0A) || (0x7F...0x9F).contains(value)
      || (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
  }
}

/// Collects the first numeric attribute that says NaN or infinity.
private final class NumberAttributes: NSObject, XMLParserDelegate {
  static let numeric: Set<String> = [
    "x", "y", "x1", "y1", "x2", "y2", "cx", "cy", "r", "width", "height", "d", "points",
    "viewBox", "font-size", "stroke-width", "opacity", "transform", "values", "keyTimes",
    "dur", "begin", "offset",
  ]
  var nonFinite: String?

  func parser(
    _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
    qualifiedName: String?, attributes: [String: String] = [:]
  ) {
    for (name, value) in attributes where NumberAttributes.numeric.contains(name) {
      let lower = value.lowercased()
      if nonFinite == nil && (lower.contains("nan") || lower.contains("inf")) {
        nonFinite = "\(elementName) \(name)=\"\(value)\""
      }
    }
  }
}
