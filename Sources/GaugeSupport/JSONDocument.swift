import GaugeGeometry

/// A parsed JSON value that remembers where it stood in its text, so every problem found in
/// a preset, a chart or a batch line can name its line and column as well as its JSON path.
package struct JSONNode: Sendable, Hashable {
  package var value: JSONValue
  /// 1-based line and column (in Unicode scalars) of the value's first character.
  package var line: Int
  package var column: Int
  /// The file it was read from, which differs within a preset that extends another.
  package var source: String? = nil

  package init(value: JSONValue, line: Int, column: Int, source: String? = nil) {
    self.value = value
    self.line = line
    self.column = column
    self.source = source
  }
}

/// An object member: its key, where the key stood, and its value.
package struct JSONMember: Sendable, Hashable {
  package var key: String
  package var line: Int
  package var column: Int
  package var value: JSONNode

  package init(key: String, line: Int, column: Int, value: JSONNode) {
    self.key = key
    self.line = line
    self.column = column
    self.value = value
  }
}

package enum JSONValue: Sendable, Hashable {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([JSONNode])
  case object([JSONMember])

  /// "a number", "a string"...: for "expected X, found Y" messages.
  package var kind: String {
    switch self {
    case .null: return "null"
    case .bool: return "a boolean"
    case .number: return "a number"
    case .string: return "a string"
    case .array: return "an array"
    case .object: return "an object"
    }
  }
}

/// What one document may cost to read. Each cap stops the parse where it is passed, so a
/// hostile document costs no more than the largest allowed one.
package struct JSONLimits: Sendable, Hashable {
  /// A cap on the elements of one array, named for messages ("zones", "items").
  package struct Count: Sendable, Hashable {
    package var maximum: Int
    /// What the elements are, plural: "has more than 100 zones".
    package var noun: String
    /// Said after the limit: what to do instead, such as " (group the smallest…)".
    package var hint: String = ""

    package init(maximum: Int, noun: String, hint: String = "") {
      self.maximum = maximum
      self.noun = noun
      self.hint = hint
    }

    /// "has more than 100 zones; at most 100 allowed": the count past the cap is unknown,
    /// because reading stops there.
    package var message: String {
      "has more than \(maximum) \(noun); at most \(maximum) allowed" + hint
    }
  }

  /// How many arrays and objects may nest.
  package var depth = 64
  /// The longest string or key, in UTF-8 bytes after escapes are decoded.
  package var stringBytes = 65_536
  /// Caps on arrays that are the value of a key of the root object, by key.
  package var topLevelArrays: [String: Count] = [:]
  /// A cap on the elements of the root, when the root is an array.
  package var rootArray: Count? = nil

  package init(
    depth: Int = 64, stringBytes: Int = 65_536, topLevelArrays: [String: Count] = [:],
    rootArray: Count? = nil
  ) {
    self.depth = depth
    self.stringBytes = stringBytes
    self.topLevelArrays = topLevelArrays
    self.rootArray = rootArray
  }
}

/// Why a document could not be read: a syntax error or a passed cap, at its place.
package struct JSONProblem: Error, Sendable, Hashable {
  /// The whole message: "invalid JSON: trailing comma before ']'; remove it".
  package var message: String
  package var line: Int
  package var column: Int
  /// Steps from the innermost container outwards; `path` puts them in reading order.
  package var trail: [JSONPathStep] = []

  /// The JSON path of the innermost value being read: `zones[2].label`.
  package var path: String { JSONPathStep.path(trail.reversed()) }

  /// The problem as a `Diagnostic` of `file`.
  package func diagnostic(file: String?) -> Diagnostic {
    Diagnostic(path: path, message: message, file: file, line: line, column: column)
  }
}

/// One step of a JSON path.
package enum JSONPathStep: Sendable, Hashable {
  case key(String)
  case index(Int)

  /// The most steps a message prints; deeper paths end in "…" (a 64-deep `[0][0]…` says
  /// nothing more past the first few).
  package static let printedSteps = 12

  /// `zones[2].upTo`; a key that is not a plain name is quoted: `["a b"]`.
  package static func path(_ steps: some Sequence<JSONPathStep>) -> String {
    var text = ""
    for (offset, step) in steps.enumerated() {
      guard offset < printedSteps else { return text + "…" }
      switch step {
      case .index(let index): text += "[\(index)]"
      case .key(let key): text = appending(key: key, to: text)
      }
    }
    return text
  }

  /// `path` followed by `key`: `.key` for a plain name, `["key"]` for anything else, so a key
  /// holding dots, brackets or control characters cannot be mistaken for a path or reach a
  /// terminal raw.
  package static func appending(key: String, to path: String) -> String {
    guard isPlainName(key) else { return path + "[" + JSONText.quotedPrefix(key) + "]" }
    return path.isEmpty ? key : path + "." + key
  }

  private static func isPlainName(_ key: String) -> Bool {
    guard !key.isEmpty, key.utf8.count <= 64 else { return false }
    return key.utf8.allSatisfy { byte in
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "$"),
        UInt8(ascii: "-"):
        return true
      default:
        return false
      }
    }
  }
}
