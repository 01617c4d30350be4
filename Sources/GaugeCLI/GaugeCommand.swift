import GaugeKit

/// The `gauge` command line: parses the subcommand, runs it, and is the one place where an
/// error becomes a message and an exit code.
public enum GaugeCommand {
  public static let version = "0.1.0"

  /// Every subcommand, in the order help lists them.
  static let commands: [any Subcommand.Type] = [
    LayoutCommand.self, RenderCommand.self, ShowCommand.self, WatchCommand.self,
    PresetsCommand.self, BatchCommand.self, PieCommand.self,
  ]

  static var specs: [CommandSpec] { commands.map { $0.spec } }

  /// Runs `gauge` with `arguments` (without the program name) and returns the exit code:
  /// 0 success, 1 failure, 64 a usage or input error.
  public static func run(_ arguments: [String], context: Context) -> Int32 {
    do {
      try dispatch(arguments, context: context)
      return 0
    } catch {
      report(error, context: context)
      return error.exitCode
    }
  }

  private static func dispatch(_ arguments: [String], context: Context) throws(CLIError) {
    guard let first = arguments.first else {
      context.output.write(Help.root(commands: specs, width: context.helpWidth))
      return
    }
    let rest = Array(arguments.dropFirst())
    switch first {
    case "-h", "--help":
      context.output.write(Help.root(commands: specs, width: context.helpWidth))
    case "--version":
      context.output.write("gauge \(version)\n")
    case "help":
      guard let name = rest.first else {
        context.output.write(Help.root(commands: specs, width: context.helpWidth))
        return
      }
      let spec = try command(named: name).spec
      context.output.write(Help.command(spec, width: context.helpWidth))
    default:
      let command = try command(named: first)
      let parsed = try ArgumentParser.parse(rest, spec: command.spec)
      if parsed.has("help") {
        context.output.write(Help.command(command.spec, width: context.helpWidth))
        return
      }
      try command.run(parsed, context: context)
    }
  }

  private static func command(named name: String) throws(CLIError) -> any Subcommand.Type {
    if let command = commands.first(where: { $0.spec.name == name }) { return command }
    var message: String
    if name.hasPrefix("-") {
      message = "unknown option '\(name)'"
    } else {
      message = "unknown command '\(name)'"
    }
    let names = specs.map(\.name) + ["help"]
    if let suggestion = Suggestion.closest(to: name.trimmingDashes, among: names) {
      message += "; did you mean '\(suggestion)'?"
    }
    throw .usage(message, command: nil)
  }

  /// The one place errors become text: `Error: ...`, then for usage errors the usage line
  /// and where to read more.
  private static func report(_ error: CLIError, context: Context) {
    switch error {
    case .usage(let message, let name):
      var text = "Error: \(message)\n"
      if let name, let spec = specs.first(where: { $0.name == name }) {
        text += "Usage: \(spec.usage)\n  See 'gauge help \(name)'.\n"
      } else {
        text += "Usage: gauge <subcommand> [options]\n  See 'gauge --help'.\n"
      }
      context.errors.write(text)
    case .input(let message), .failure(let message):
      context.errors.write("Error: \(message)\n")
    case .signal, .quiet:
      // Stopped on request, or the command's own output said it all.
      break
    }
  }
}

/// A subcommand: its interface, and what it does with parsed arguments.
protocol Subcommand: Sendable {
  static var spec: CommandSpec { get }
  static func run(_ arguments: ParsedArguments, context: Context) throws(CLIError)
}

extension String {
  fileprivate var trimmingDashes: String { String(drop { $0 == "-" }) }
}
