import GaugeKit
@_spi(Service) import GaugeSupport

/// Fills a command's fields from its words: options anywhere, `--name value` or
/// `--name=value`, `-o value` or `-ovalue`, `--` ends options, and a word that reads as a
/// negative number is a positional value. An option given twice, a flag included, is an
/// error unless it is repeatable (`--marker`).
struct CommandParser<Command: DeclaredCommand> {
  private let options = Command.options

  /// The parsed command, or `nil` when `--help` was asked for (the caller prints help).
  /// Throws `CLIError.usage` naming the option or argument at fault.
  func parse(_ words: [String]) throws(CLIError) -> Command? {
    // Help wins over every other mistake on the line: it is what someone stuck asks for.
    let optionWords = words.prefix { $0 != "--" }
    if optionWords.contains("--help") || optionWords.contains("-h") { return nil }
    var command = Command()
    var positionals: [String] = []
    var given: Set<String> = []
    var index = 0
    var optionsEnded = false
    while index < words.count {
      let word = words[index]
      index += 1
      let looksLikeOption =
        word.hasPrefix("-") && word.count > 1 && FiniteNumber.parseAllowingNonFinite(word) == nil
      guard !optionsEnded, looksLikeOption else {
        positionals.append(word)
        continue
      }
      if word == "--" {
        optionsEnded = true
        continue
      }
      let (option, inlineValue) = try find(word)
      if option.isFlag && inlineValue != nil { throw .usage("--\(option.name) takes no value") }
      // A flag given twice is refused as a value given twice is: the second says nothing
      // new, and is more likely a slip (an edited line, a pasted option) than a wish.
      if !given.insert(option.name).inserted && !option.isRepeatable {
        throw .usage("--\(option.name) is given twice; give it once")
      }
      var value = inlineValue
      if !option.isFlag && value == nil {
        guard index < words.count else {
          throw .usage("--\(option.name) needs a value (\(option.placeholder ?? "VALUE"))")
        }
        value = words[index]
        index += 1
      }
      do {
        try option.apply(&command, value)
      } catch {
        throw .usage("--\(option.name): \(error.message)")
      }
    }
    try assign(positionals, to: &command)
    return command
  }

  /// The option a word names, and the value written into it (`--size=200`, `-ofile`).
  private func find(_ word: String) throws(CLIError) -> (Option<Command>, String?) {
    var name: String
    var inlineValue: String?
    let option: Option<Command>?
    if word.hasPrefix("--") {
      name = String(word.dropFirst(2))
      if let (before, after) = name.split(atFirst: "=") {
        inlineValue = after
        name = before
      }
      option = options.first { $0.name == name }
    } else {
      name = String(word.dropFirst())
      if name.count > 1 {
        inlineValue = String(name.dropFirst())
        name = String(name.prefix(1))
      }
      option = options.first { $0.short.map(String.init) == name }
    }
    guard let option else {
      var message = "unknown option '\(word.split(atFirst: "=")?.before ?? word)'"
      if let suggestion = Suggestion.closest(to: name, among: options.map(\.name) + ["help"]) {
        message += "; did you mean '--\(suggestion)'?"
      }
      throw .usage(message)
    }
    return (option, inlineValue)
  }

  private func assign(_ positionals: [String], to command: inout Command) throws(CLIError) {
    let declared = Command.arguments.filter {
      !command.omits(argument: $0.name, words: positionals.count)
    }
    var remaining = positionals[...]
    for argument in declared {
      switch argument.arity {
      case .required:
        guard let word = remaining.popFirst() else {
          throw .usage("missing argument <\(argument.name)>")
        }
        try apply(argument, word, to: &command)
      case .optional:
        if let word = remaining.popFirst() { try apply(argument, word, to: &command) }
      case .oneOrMore:
        guard !remaining.isEmpty else { throw .usage("missing argument <\(argument.name)>") }
        while let word = remaining.popFirst() { try apply(argument, word, to: &command) }
      case .variadic:
        while let word = remaining.popFirst() { try apply(argument, word, to: &command) }
      }
    }
    if let extra = remaining.first { throw .usage("unexpected argument '\(extra)'") }
  }

  private func apply(_ argument: Argument<Command>, _ word: String, to command: inout Command)
    throws(CLIError)
  {
    do {
      try argument.apply(&command, word)
    } catch {
      throw .usage("<\(argument.name)>: \(error.message)")
    }
  }
}
