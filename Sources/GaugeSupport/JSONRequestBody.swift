import GaugeGeometry

/// A JSON request body (gauge-server's `POST /gauge` and `POST /pie`), read by the same
/// strict parser and with the same words as a preset file, a chart file or a batch line:
/// no trailing commas, no duplicate keys, no strings for numbers, and every problem placed
/// at its line, column and JSON path.
///
/// Each reader throws at the first problem, as a request is refused whole: the problem is a
/// `GaugeError.invalidOption`-free `invalidGauge` with one `Diagnostic`.
@_spi(Service)
public struct JSONRequestBody: Sendable {
  /// The body's top-level members.
  package let fields: [String: JSONNode]
  /// Member names in the order written.
  public let keys: [String]
  package let root: JSONNode

  /// Parses `bytes`, which must hold one JSON object.
  ///
  /// Edge cases:
  /// - An empty body is "invalid JSON: the file is empty; expected a JSON object", at 1:1.
  /// - A number too large for a Double reads as an infinity; the readers below reject it by
  ///   name, except `numberOrNull`, for which it means no data.
  ///
  /// - Throws: `GaugeError.invalidGauge` with the syntax problem, or "expected an object".
  public init(json bytes: [UInt8]) throws(GaugeError) {
    do {
      root = try JSONParser.parse(bytes)
    } catch {
      throw .invalidGauge([error.diagnostic(file: nil)])
    }
    guard case .object(let members) = root.value else {
      throw .invalidGauge([
        Diagnostic(
          path: "", message: "expected an object, found \(root.value.kind)", line: root.line,
          column: root.column)
      ])
    }
    var fields: [String: JSONNode] = [:]
    for member in members { fields[member.key] = member.value }
    self.fields = fields
    keys = members.map(\.key)
  }

  /// Refuses the first key not in `allowed`, with the closest allowed one.
  public func check(allowed: [String]) throws(GaugeError) {
    var reader = JSONReader(file: nil)
    _ = reader.object(root, at: "", keys: allowed)
    try JSONRequestBody.first(of: reader)
  }

  public func has(_ key: String) -> Bool { fields[key] != nil }

  /// `null`, `"a string"`: what the member holds, for messages of the caller's own.
  public func kind(of key: String) -> String? { fields[key]?.value.kind }

  /// The member's text when it is a string.
  public func stringValue(_ key: String) -> String? {
    guard case .string(let text)? = fields[key]?.value else { return nil }
    return text
  }

  /// A number in `range`.
  public func number(_ key: String, in range: ClosedRange<Double>) throws(GaugeError) -> Double? {
    try read(key) { reader, node in reader.number(node, at: key, in: range) }
  }

  /// A whole number in `range`.
  public func integer(_ key: String, in range: ClosedRange<Int>) throws(GaugeError) -> Int? {
    try read(key) { reader, node in reader.integer(node, at: key, in: range) }
  }

  /// A string of at most `maximumLength` characters.
  public func string(_ key: String, maximumLength: Int? = nil) throws(GaugeError) -> String? {
    try read(key) { reader, node in reader.string(node, at: key, maximumLength: maximumLength) }
  }

  /// A string, or an array of strings, each of at most `maximumLength` characters: the
  /// values of a field that may hold several (`"marker": ["30:Goal", "80:Limit"]`).
  public func strings(_ key: String, maximumLength: Int? = nil) throws(GaugeError) -> [String] {
    guard let node = fields[key] else { return [] }
    var reader = JSONReader(file: nil)
    var texts: [String] = []
    if case .array(let elements) = node.value {
      for (index, element) in elements.enumerated() {
        if let text = reader.string(element, at: key + "[\(index)]", maximumLength: maximumLength) {
          texts.append(text)
        }
      }
    } else if let text = reader.string(node, at: key, maximumLength: maximumLength) {
      texts.append(text)
    }
    try JSONRequestBody.first(of: reader)
    return texts
  }

  public func bool(_ key: String) throws(GaugeError) -> Bool? {
    try read(key) { reader, node in reader.bool(node, at: key) }
  }

  /// One of `names`.
  public func choice(_ key: String, among names: [String]) throws(GaugeError) -> String? {
    try read(key) { reader, node in reader.choice(node, at: key, among: names) }
  }

  /// A number, or `null` (or one too large to be finite) for no data: `.some(nil)`.
  public func numberOrNull(_ key: String) throws(GaugeError) -> Double?? {
    guard let node = fields[key] else { return nil }
    switch node.value {
    case .null: return .some(nil)
    case .number(let number): return .some(number.isFinite ? number : nil)
    default:
      var reader = JSONReader(file: nil)
      reader.expected("a number or null", node, at: key)
      try JSONRequestBody.first(of: reader)
      return nil
    }
  }

  /// An array of at most `maximumCount` numbers, each `null` (or one too large to be
  /// finite) for no data: several pointers' values, as a batch line's `"values"` reads them.
  /// `nil` when the key is absent.
  public func numbersOrNull(_ key: String, maximumCount: Int) throws(GaugeError) -> [Double?]? {
    guard let node = fields[key] else { return nil }
    var reader = JSONReader(file: nil)
    var numbers: [Double?] = []
    if let elements = reader.array(
      node, at: key, count: JSONLimits.Count(maximum: maximumCount, noun: "values"))
    {
      for (index, element) in elements.enumerated() {
        switch element.value {
        case .number(let number): numbers.append(number.isFinite ? number : nil)
        case .null: numbers.append(nil)
        default: reader.expected("a number or null", element, at: key + "[\(index)]")
        }
      }
    }
    try JSONRequestBody.first(of: reader)
    return numbers
  }

  /// One element of an array member, for a caller's own checks: what it holds, and a
  /// problem placed at it (`marker[2]`, at the element's line and column, as the body's
  /// other problems are).
  public struct Element: Sendable {
    /// `key[index]`, or `key` for a member that is not an array.
    public let path: String
    let node: JSONNode

    /// `a number`, `a string`, `null`: what the element holds, for messages.
    public var kind: String { node.value.kind }

    /// The element's number when it is one (an infinity when too large for a Double).
    public var number: Double? {
      guard case .number(let number) = node.value else { return nil }
      return number
    }

    /// A problem of the caller's own at this element.
    public func problem(_ message: String) -> Diagnostic {
      Diagnostic(path: path, message: message, line: node.line, column: node.column)
    }
  }

  /// The elements of `key` when it holds an array (`marker[0]`, `marker[1]`…), or the member
  /// itself as the one element (`marker`) when it holds anything else; empty when absent.
  public func elements(_ key: String) -> [Element] {
    guard let member = fields[key] else { return [] }
    guard case .array(let nodes) = member.value else { return [Element(path: key, node: member)] }
    return nodes.enumerated().map { Element(path: key + "[\($0.offset)]", node: $0.element) }
  }

  /// A problem of the caller's own at `key`, placed at its value.
  public func problem(_ key: String, _ message: String) -> GaugeError {
    let node = fields[key] ?? root
    return .invalidGauge([
      Diagnostic(path: key, message: message, line: node.line, column: node.column)
    ])
  }

  private func read<T>(_ key: String, _ body: (inout JSONReader, JSONNode) -> T?)
    throws(GaugeError) -> T?
  {
    guard let node = fields[key] else { return nil }
    var reader = JSONReader(file: nil)
    let value = body(&reader, node)
    try JSONRequestBody.first(of: reader)
    return value
  }

  private static func first(of reader: JSONReader) throws(GaugeError) {
    guard let first = reader.problems.first else { return }
    throw .invalidGauge([first])
  }
}
