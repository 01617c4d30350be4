import GaugeGeometry

extension JSONReader {
  /// A colour in one of `Color.allowedForms`.
  package mutating func color(_ node: JSONNode, at path: String) -> Color? {
    color(node, at: path, allowNone: false) ?? nil
  }

  /// A colour, or the word "none" for no colour at all.
  ///
  /// - Returns: `.some(nil)` for "none"; nil (reported) when it is neither.
  package mutating func colorOrNone(_ node: JSONNode, at path: String) -> Color?? {
    color(node, at: path, allowNone: true)
  }

  private mutating func color(_ node: JSONNode, at path: String, allowNone: Bool) -> Color?? {
    guard let text = string(node, at: path) else { return nil }
    if allowNone && text == "none" { return .some(nil) }
    guard let color = Color(parsing: text) else {
      let allowed = allowNone ? Color.allowedForms + ", or \"none\"" : Color.allowedForms
      report(path, node, "\(JSONText.quotedPrefix(text)) is not a colour; use \(allowed)")
      return nil
    }
    return .some(color)
  }
}
