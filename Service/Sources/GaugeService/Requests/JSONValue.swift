import Foundation

/// A JSON value as a request body holds it, so each field can be checked for its type and
/// named in the error: Foundation's `Any` cannot tell `true` from `1`.
enum JSONValue: Sendable, Hashable, Codable {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([JSONValue])
  case object([String: JSONValue])

  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let bool = try? container.decode(Bool.self) {
      self = .bool(bool)
    } else if let number = try? container.decode(Double.self) {
      self = .number(number)
    } else if let string = try? container.decode(String.self) {
      self = .string(string)
    } else if let array = try? container.decode([JSONValue].self) {
      self = .array(array)
    } else {
      self = .object(try container.decode([String: JSONValue].self))
    }
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .null: try container.encodeNil()
    case .bool(let bool): try container.encode(bool)
    case .number(let number): try container.encode(number)
    case .string(let string): try container.encode(string)
    case .array(let array): try container.encode(array)
    case .object(let object): try container.encode(object)
    }
  }

  /// "a string", "an object": for "expected a number, found a string".
  var kind: String {
    switch self {
    case .null: "null"
    case .bool: "a boolean"
    case .number: "a number"
    case .string: "a string"
    case .array: "an array"
    case .object: "an object"
    }
  }

  /// A request body's top-level object.
  ///
  /// - Throws: `Problem` 400 when the bytes are not JSON or not an object.
  static func object(from bytes: [UInt8]) throws(Problem) -> [String: JSONValue] {
    let value: JSONValue
    do {
      value = try JSONDecoder().decode(JSONValue.self, from: Data(bytes))
    } catch {
      throw Problem(.badRequest, "the body is not valid JSON")
    }
    guard case .object(let object) = value else {
      throw Problem(.badRequest, "the body must be a JSON object, not \(value.kind)")
    }
    return object
  }

  /// The value as JSON text with sorted keys: how an inline preset or chart reaches the
  /// library's own decoder, which reports every problem with its JSON path.
  var bytes: [UInt8] {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    // Every case encodes: numbers here came from JSON, so they are finite.
    return (try? Array(encoder.encode(self))) ?? Array("null".utf8)
  }
}
