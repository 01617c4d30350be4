/// One option of a command, declared once: its names, its typed value and where the value
/// goes, and its help. The parser, `--help` and docs/cli.md all read this declaration.
///
/// The default shown in help is read from a fresh command value (`Command()`), so help shows
/// exactly what the command starts from and cannot drift from it.
struct Option<Command: DeclaredCommand>: Sendable {
  let name: String
  let short: Character?
  /// The value's placeholder (`PX`); `nil` for a flag, which takes no value.
  let placeholder: String?
  /// What is allowed (`1...8192`, `light, dark, auto`), when the type says.
  let allowed: String?
  let help: String
  /// Whether the option may be given more than once, each value adding to a list.
  var isRepeatable = false
  /// The default as help shows it, read from a fresh command value; `nil` shows none.
  let defaultText: @Sendable (Command) -> String?
  /// Stores the word's value (a flag gets no word).
  let apply: @Sendable (inout Command, String?) throws(ValueError) -> Void

  var isFlag: Bool { placeholder == nil }

  /// `-o, --output FILE`
  var synopsis: String {
    var text = short.map { "-\($0), " } ?? ""
    text += "--" + name
    if let placeholder { text += " " + placeholder }
    return text
  }

  /// An option whose value always exists; its default is the field's initial value.
  static func value<Value>(
    _ field: WritableKeyPath<Command, Value> & Sendable, name: String, short: Character? = nil,
    _ type: ValueType<Value>, help: String
  ) -> Option {
    Option(
      name: name, short: short, placeholder: type.placeholder, allowed: type.allowed, help: help,
      defaultText: { type.format($0[keyPath: field]) },
      apply: { command, word throws(ValueError) in
        command[keyPath: field] = try type.parse(word ?? "")
      })
  }

  /// An option that may be absent. `absent` says what the command does then ("the
  /// preset's"), when that is not simply nothing.
  static func value<Value>(
    _ field: WritableKeyPath<Command, Value?> & Sendable, name: String, short: Character? = nil,
    _ type: ValueType<Value>, absent: String? = nil, help: String
  ) -> Option {
    Option(
      name: name, short: short, placeholder: type.placeholder, allowed: type.allowed, help: help,
      defaultText: { command in command[keyPath: field].map(type.format) ?? absent },
      apply: { command, word throws(ValueError) in
        command[keyPath: field] = try type.parse(word ?? "")
      })
  }

  /// An option that may be given again and again, each value appended to the list.
  static func list<Value>(
    _ field: WritableKeyPath<Command, [Value]> & Sendable, name: String, short: Character? = nil,
    _ type: ValueType<Value>, absent: String? = nil, help: String
  ) -> Option {
    var option = Option(
      name: name, short: short, placeholder: type.placeholder, allowed: type.allowed,
      help: help + " Repeatable.",
      defaultText: { command in
        command[keyPath: field].isEmpty
          ? absent : command[keyPath: field].map(type.format).joined(separator: ", ")
      },
      apply: { command, word throws(ValueError) in
        command[keyPath: field].append(try type.parse(word ?? ""))
      })
    option.isRepeatable = true
    return option
  }

  /// A flag: giving it stores `value` (`true`, or `false` for a `--no-...` flag).
  static func flag(
    _ field: WritableKeyPath<Command, Bool> & Sendable, name: String, short: Character? = nil,
    sets value: Bool = true, help: String
  ) -> Option {
    Option(
      name: name, short: short, placeholder: nil, allowed: nil, help: help,
      defaultText: { _ in nil },
      apply: { command, _ in command[keyPath: field] = value })
  }
}
