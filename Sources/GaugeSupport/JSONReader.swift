import GaugeGeometry

/// Reads typed values out of a parsed JSON document and collects every problem at its place,
/// so presets, pie charts and batch lines word each kind of problem the same way:
///
/// | problem | message |
/// | --- | --- |
/// | unknown key | `unknown key "colour"; allowed: label, color, upTo, range (did you mean "color"?)` |
/// | missing key | `is missing; required: the zone's colour` |
/// | wrong type | `expected a number, found a string` |
/// | not finite | `is too large; numbers must be finite` |
/// | out of range | `200 is out of range; allowed: 0...180` |
/// | not whole | `73.5 is not a whole number; allowed: 1...3600` |
/// | too long | `is 201 characters long; at most 200 allowed` |
/// | too many | `has more than 100 zones; at most 100 allowed` |
/// | not a choice | `"progres" is not allowed; use one of zones, progress; did you mean "progress"?` |
///
/// Each problem is a `Diagnostic`: file, line, column and JSON path come from the node.
package struct JSONReader {
  package let file: String?
  package private(set) var problems: [Diagnostic] = []
  /// Paths of keys that a misspelt key was taken for ("zones[0].color" for "colour"), so the
  /// one mistake is not reported a second time as a missing key.
  private var suggestedPaths: Set<String> = []

  package init(file: String?) {
    self.file = file
  }

  /// Adds a problem placed at `node`.
  package mutating func report(_ path: String, _ node: JSONNode, _ message: String) {
    problems.append(
      Diagnostic(
        path: path, message: message, file: node.source ?? file, line: node.line,
        column: node.column))
  }

  /// "expected an array of zones, found a string".
  package mutating func expected(_ what: String, _ node: JSONNode, at path: String) {
    report(path, node, "expected \(what), found \(node.value.kind)")
  }

  // MARK: - Objects

  /// An object's members, after reporting every key not in `keys`; nil (reported) when the
  /// node is not an object.
  package mutating func object(_ node: JSONNode, at path: String, keys: [String]) -> JSONObject? {
    guard case .object(let members) = node.value else {
      expected("an object", node, at: path)
      return nil
    }
    var object = JSONObject(node: node, path: path)
    for member in members {
      guard keys.contains(member.key) else {
        var message = "unknown key \(JSONText.quotedPrefix(member.key)); allowed: "
        message += keys.joined(separator: ", ")
        if let suggestion = Suggestion.closest(to: member.key, among: keys) {
          message += " (did you mean \"\(suggestion)\"?)"
          suggestedPaths.insert(object.path(of: suggestion))
        }
        problems.append(
          Diagnostic(
            path: object.path(of: member.key), message: message,
            file: member.value.source ?? file, line: member.line, column: member.column))
        continue
      }
      object.fields[member.key] = member.value
    }
    return object
  }

  /// The value of a key the object must have; reported at the object when it is missing,
  /// unless a misspelling of it was already reported.
  package mutating func required(_ object: JSONObject, _ key: String, _ what: String) -> JSONNode? {
    if let node = object[key] { return node }
    let path = object.path(of: key)
    if !suggestedPaths.contains(path) {
      report(path, object.node, "is missing; required: \(what)")
    }
    return nil
  }

  // MARK: - Values

  /// A finite number.
  package mutating func number(_ node: JSONNode, at path: String) -> Double? {
    guard case .number(let value) = node.value else {
      expected("a number", node, at: path)
      return nil
    }
    guard value.isFinite else {
      report(path, node, "is too large; numbers must be finite")
      return nil
    }
    return value
  }

  /// A finite number within `range`.
  package mutating func number(_ node: JSONNode, at path: String, in range: ClosedRange<Double>)
    -> Double?
  {
    guard let value = number(node, at: path) else { return nil }
    guard range.contains(value) else {
      report(
        path, node,
        "\(FixedDecimal.plain(value)) is out of range; allowed: "
          + "\(FixedDecimal.plain(range.lowerBound))...\(FixedDecimal.plain(range.upperBound))")
      return nil
    }
    return value
  }

  /// A whole number within `range`.
  package mutating func integer(_ node: JSONNode, at path: String, in range: ClosedRange<Int>)
    -> Int?
  {
    guard let value = number(node, at: path) else { return nil }
    let allowed = "\(range.lowerBound)...\(range.upperBound)"
    guard value == value.rounded() else {
      report(path, node, "\(FixedDecimal.plain(value)) is not a whole number; allowed: \(allowed)")
      return nil
    }
    // `Int(exactly:)`: past 2^63 the value cannot even be held as an Int, and must not trap.
    guard let whole = Int(exactly: value), range.contains(whole) else {
      report(path, node, "\(FixedDecimal.plain(value)) is out of range; allowed: \(allowed)")
      return nil
    }
    return whole
  }

  /// A string of at most `maximumLength` characters as people count them.
  package mutating func string(_ node: JSONNode, at path: String, maximumLength: Int? = nil)
    -> String?
  {
    guard case .string(let value) = node.value else {
      expected("a string", node, at: path)
      return nil
    }
    // Never more characters than UTF-8 bytes: most strings need no counting.
    if let maximumLength, value.utf8.count > maximumLength, value.count > maximumLength {
      report(path, node, "is \(value.count) characters long; at most \(maximumLength) allowed")
      return nil
    }
    return value
  }

  package mutating func bool(_ node: JSONNode, at path: String) -> Bool? {
    guard case .bool(let value) = node.value else {
      expected("true or false", node, at: path)
      return nil
    }
    return value
  }

  /// The elements of an array of at most `count.maximum`.
  package mutating func array(_ node: JSONNode, at path: String, count: JSONLimits.Count)
    -> [JSONNode]?
  {
    guard case .array(let elements) = node.value else {
      expected("an array of \(count.noun)", node, at: path)
      return nil
    }
    guard elements.count <= count.maximum else {
      report(path, elements[count.maximum], count.message)
      return nil
    }
    return elements
  }

  /// One of the raw values of `Choice`.
  package mutating func choice<Choice: RawRepresentable & CaseIterable>(
    _ node: JSONNode, at path: String, _ type: Choice.Type
  ) -> Choice? where Choice.RawValue == String {
    choice(node, at: path, among: Choice.allCases.map(\.rawValue)).flatMap(Choice.init(rawValue:))
  }

  /// One of `names`.
  package mutating func choice(_ node: JSONNode, at path: String, among names: [String])
    -> String?
  {
    guard let text = string(node, at: path) else { return nil }
    if names.contains(text) { return text }
    // Worded as the command line words a bad choice of an option.
    var message = "\(JSONText.quotedPrefix(text)) is not allowed; use one of "
    message += names.joined(separator: ", ")
    if let suggestion = Suggestion.closest(to: text, among: names) {
      message += "; did you mean \"\(suggestion)\"?"
    }
    report(path, node, message)
    return nil
  }
}

/// An object read by `JSONReader.object`: its known keys, and where it stood.
package struct JSONObject {
  package let node: JSONNode
  /// The object's own JSON path; empty for the root.
  package let path: String
  package var fields: [String: JSONNode] = [:]

  package subscript(key: String) -> JSONNode? { fields[key] }

  /// The path of one of its keys: `zones[0].color`.
  package func path(of key: String) -> String {
    JSONPathStep.appending(key: key, to: path)
  }
}
