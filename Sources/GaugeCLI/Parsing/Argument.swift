/// A positional argument, declared once like an option.
struct Argument<Command: DeclaredCommand>: Sendable {
  enum Arity: Sendable {
    case required
    case optional
    /// Takes every remaining positional word; none is fine.
    case variadic
    /// Takes every remaining positional word, at least one.
    case oneOrMore
  }

  let name: String
  let help: String
  let arity: Arity
  let apply: @Sendable (inout Command, String) throws(ValueError) -> Void

  /// How ARGUMENTS lists it: `<value>`, `<label=value>...`
  var label: String {
    arity == .variadic || arity == .oneOrMore ? "<\(name)>..." : "<\(name)>"
  }

  /// How the usage line shows it: `<value>`, `[<file.jsonl>]`, `[<label=value>...]`
  var synopsis: String {
    switch arity {
    case .required: return "<\(name)>"
    case .optional: return "[<\(name)>]"
    case .variadic: return "[<\(name)>...]"
    case .oneOrMore: return "<\(name)>..."
    }
  }

  static func required<Value>(
    _ field: WritableKeyPath<Command, Value> & Sendable, name: String, _ type: ValueType<Value>,
    help: String
  ) -> Argument {
    Argument(name: name, help: help, arity: .required) { command, word throws(ValueError) in
      command[keyPath: field] = try type.parse(word)
    }
  }

  static func optional<Value>(
    _ field: WritableKeyPath<Command, Value?> & Sendable, name: String, _ type: ValueType<Value>,
    help: String
  ) -> Argument {
    Argument(name: name, help: help, arity: .optional) { command, word throws(ValueError) in
      command[keyPath: field] = try type.parse(word)
    }
  }

  /// Every remaining word; `atLeastOne` makes none an error.
  static func variadic<Value>(
    _ field: WritableKeyPath<Command, [Value]> & Sendable, name: String, _ type: ValueType<Value>,
    atLeastOne: Bool = false, help: String
  ) -> Argument {
    Argument(name: name, help: help, arity: atLeastOne ? .oneOrMore : .variadic) {
      command, word throws(ValueError) in
      command[keyPath: field].append(try type.parse(word))
    }
  }
}
