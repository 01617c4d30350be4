import GaugeKit
@_spi(Service) import GaugeSupport

/// The `gauge` command line: finds the command the words name, parses, validates and runs
/// it, and is the one place where an error becomes a message and an exit code.
public enum GaugeCommand {
  public static let version = gaugeKitVersion

  /// Runs `gauge` with `arguments` (without the program name) and returns the exit code:
  /// 0 success, 1 failure, 64 a usage or input error, 128 + N stopped by signal N.
  public static func run(_ arguments: [String], context: CommandIO) -> Int32 {
    var reached: [String] = []
    do {
      try dispatch(RootCommand.self, arguments[...], path: &reached, context: context)
      return 0
    } catch {
      report(error, path: reached, context: context)
      return error.exitCode
    }
  }

  /// Walks down the command tree by subcommand name, then parses, validates and runs the
  /// command reached. `path` is where it got to, so errors show that command's usage.
  private static func dispatch(
    _ command: any DeclaredCommand.Type, _ words: ArraySlice<String>, path: inout [String],
    context: CommandIO
  ) throws(CLIError) {
    let subcommands = CommandTree.subcommands(of: command)
    if !subcommands.isEmpty, let first = words.first, first != "-h", first != "--help" {
      if let next = CommandTree.subcommand(named: first, of: command) {
        path.append(first)
        try dispatch(next, words.dropFirst(), path: &path, context: context)
        return
      }
      if !first.hasPrefix("-") {
        throw .usage(unknownSubcommand(first, of: command, path: path))
      }
    }
    if let fallback = CommandTree.defaultSubcommand(of: command),
      words.first.map({ $0 != "-h" && $0 != "--help" }) ?? true
    {
      path.append(CommandTree.name(of: fallback))
      try dispatch(fallback, words, path: &path, context: context)
      return
    }
    try execute(command, Array(words), path: path, context: context)
  }

  private static func execute<Command: DeclaredCommand>(
    _ type: Command.Type, _ words: [String], path: [String], context: CommandIO
  ) throws(CLIError) {
    guard var command = try CommandParser<Command>().parse(words) else {
      context.output.write(Help.text(Command.spec(path: path), width: context.helpWidth))
      return
    }
    try command.validate()
    try command.run(context: context)
  }

  private static func unknownSubcommand(
    _ word: String, of group: any DeclaredCommand.Type, path: [String]
  ) -> String {
    let names = CommandTree.subcommands(of: group).map(CommandTree.name(of:))
    var message: String
    if path.isEmpty {
      message = "unknown command '\(word)'"
    } else {
      message = "unknown action '\(word)'; use "
      message += names.dropLast().joined(separator: ", ") + " or " + (names.last ?? "")
    }
    if !path.isEmpty, let meant = group.suggestion(forUnknownAction: word) {
      message += "; did you mean '\(meant)'?"
    } else if let suggestion = Suggestion.closest(to: word, among: names) {
      message += "; did you mean '\(suggestion)'?"
    }
    return message
  }

  /// The one place errors become text: `Error: ...`, then for usage errors the usage line of
  /// the command being parsed and where to read more.
  private static func report(_ error: CLIError, path: [String], context: CommandIO) {
    switch error.escaped {
    case .usage(let message):
      let spec = CommandTree.spec(of: CommandTree.command(at: path) ?? RootCommand.self, path: path)
      context.errors.write(
        "Error: \(message)\nUsage: \(spec.usage)\n  See '\(spec.seeAlso)'.\n")
    case .input(let message), .failure(let message):
      context.errors.write("Error: \(message)\n")
    case .signal, .quiet:
      // Stopped on request, or the command's own output said it all.
      break
    }
  }
}
