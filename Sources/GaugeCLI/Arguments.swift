import GaugeKit

/// An option a command accepts: `--size PX`, `-o FILE`, or a flag such as `--animate`.
struct OptionSpec: Sendable {
  var name: String
  var short: Character?
  /// The value's placeholder in help ("PX"); `nil` for a flag.
  var valueName: String?
  var help: String

  static func value(_ name: String, short: Character? = nil, _ valueName: String, _ help: String)
    -> OptionSpec
  {
    OptionSpec(name: name, short: short, valueName: valueName, help: help)
  }

  static func flag(_ name: String, short: Character? = nil, _ help: String) -> OptionSpec {
    OptionSpec(name: name, short: short, valueName: nil, help: help)
  }

  /// `-o, --output FILE`
  var synopsis: String {
    var text = short.map { "-\($0), " } ?? ""
    text += "--" + name
    if let valueName { text += " " + valueName }
    return text
  }
}

/// A positional argument.
struct ArgumentSpec: Sendable {
  var name: String
  var help: String
  var isOptional: Bool = false
  /// Takes every remaining positional argument.
  var isVariadic: Bool = false
}

/// A subcommand's interface: what help prints and what the parser accepts.
struct CommandSpec: Sendable {
  var name: String
  var abstract: String
  var discussion: String = ""
  var arguments: [ArgumentSpec] = []
  var options: [OptionSpec] = []
  var examples: [String] = []

  /// `gauge layout <preset|file.json> <value> [--size PX]`
  var usage: String {
    var parts = ["gauge", name]
    for argument in arguments {
      var text = "<\(argument.name)>"
      if argument.isVariadic { text += "..." }
      parts.append(argument.isOptional ? "[\(text)]" : text)
    }
    if !options.isEmpty { parts.append("[options]") }
    return parts.joined(separator: " ")
  }
}

/// A parsed command line: positionals in order, the last value of each option, and flags.
struct ParsedArguments: Sendable {
  let spec: CommandSpec
  var positionals: [String] = []
  var values: [String: String] = [:]
  var flags: Set<String> = []

  func has(_ flag: String) -> Bool { flags.contains(flag) }

  func value(_ option: String) -> String? { values[option] }

  /// A whole number option within `range`, or `nil` when absent.
  func integer(_ option: String, in range: ClosedRange<Int>) throws(CLIError) -> Int? {
    guard let text = values[option] else { return nil }
    guard let number = Int(text) else {
      throw .usage(
        "--\(option): '\(text)' is not a whole number; allowed: "
          + "\(range.lowerBound)...\(range.upperBound)", command: spec.name)
    }
    guard range.contains(number) else {
      throw .usage(
        "--\(option): \(number) is out of range; allowed: "
          + "\(range.lowerBound)...\(range.upperBound)", command: spec.name)
    }
    return number
  }

  /// A finite number option within `range`, or `nil` when absent.
  func number(_ option: String, in range: ClosedRange<Double>, unit: String = "")
    throws(CLIError) -> Double?
  {
    guard let text = values[option] else { return nil }
    let allowed = "\(plain(range.lowerBound))...\(plain(range.upperBound))\(unit)"
    guard let number = Double(text), number.isFinite else {
      throw .usage(
        "--\(option): '\(text)' is not a number; allowed: \(allowed)", command: spec.name)
    }
    guard range.contains(number) else {
      throw .usage("--\(option): \(text) is out of range; allowed: \(allowed)", command: spec.name)
    }
    return number
  }

  /// One of a fixed set of words, or `nil` when absent.
  func choice(_ option: String, from choices: [String]) throws(CLIError) -> String? {
    guard let text = values[option] else { return nil }
    guard choices.contains(text) else {
      var message = "--\(option): '\(text)' is not allowed; use one of "
      message += choices.joined(separator: ", ")
      if let suggestion = Suggestion.closest(to: text, among: choices) {
        message += "; did you mean '\(suggestion)'?"
      }
      throw .usage(message, command: spec.name)
    }
    return text
  }

  private func plain(_ value: Double) -> String {
    value == value.rounded() && value.magnitude < 1e15 ? String(Int64(value)) : String(value)
  }
}

enum ArgumentParser {
  /// Parses `arguments` against `spec`: options anywhere, `--name value` or `--name=value`,
  /// `--` ends options, and a word that reads as a negative number is a positional value.
  static func parse(_ arguments: [String], spec: CommandSpec) throws(CLIError) -> ParsedArguments {
    var parsed = ParsedArguments(spec: spec)
    var index = 0
    var optionsEnded = false
    let withHelp = spec.options + [OptionSpec.flag("help", short: "h", "Show help.")]
    while index < arguments.count {
      let word = arguments[index]
      index += 1
      let looksLikeOption = word.hasPrefix("-") && word.count > 1 && Double(word) == nil
      guard !optionsEnded, looksLikeOption else {
        parsed.positionals.append(word)
        continue
      }
      if word == "--" {
        optionsEnded = true
        continue
      }
      var name: String
      var inlineValue: String?
      let option: OptionSpec?
      if word.hasPrefix("--") {
        name = String(word.dropFirst(2))
        if let equals = name.firstIndex(of: "=") {
          inlineValue = String(name[name.index(after: equals)...])
          name = String(name[..<equals])
        }
        option = withHelp.first { $0.name == name }
      } else {
        name = String(word.dropFirst())
        if name.count > 1 {
          inlineValue = String(name.dropFirst())
          name = String(name.prefix(1))
        }
        option = withHelp.first { $0.short.map(String.init) == name }
      }
      guard let option else {
        throw .usage(unknownOptionMessage(word, name: name, spec: spec), command: spec.name)
      }
      if option.valueName == nil {
        guard inlineValue == nil else {
          throw .usage("--\(option.name) takes no value", command: spec.name)
        }
        parsed.flags.insert(option.name)
        continue
      }
      if let inlineValue {
        parsed.values[option.name] = inlineValue
      } else {
        guard index < arguments.count else {
          throw .usage(
            "--\(option.name) needs a value (\(option.valueName ?? "VALUE"))", command: spec.name)
        }
        parsed.values[option.name] = arguments[index]
        index += 1
      }
    }
    if parsed.has("help") { return parsed }
    try checkPositionals(parsed.positionals, spec: spec)
    return parsed
  }

  private static func unknownOptionMessage(_ word: String, name: String, spec: CommandSpec)
    -> String
  {
    var message = "unknown option '\(word.split(separator: "=").first.map(String.init) ?? word)'"
    let names = spec.options.map(\.name)
    if let suggestion = Suggestion.closest(to: name, among: names) {
      message += "; did you mean '--\(suggestion)'?"
    }
    return message
  }

  private static func checkPositionals(_ positionals: [String], spec: CommandSpec)
    throws(CLIError)
  {
    let required = spec.arguments.filter { !$0.isOptional && !$0.isVariadic }
    if positionals.count < required.count {
      let missing = required[positionals.count]
      throw .usage("missing argument <\(missing.name)>", command: spec.name)
    }
    let variadic = spec.arguments.contains { $0.isVariadic }
    if !variadic && positionals.count > spec.arguments.count {
      let extra = positionals[spec.arguments.count]
      throw .usage("unexpected argument '\(extra)'", command: spec.name)
    }
  }
}
