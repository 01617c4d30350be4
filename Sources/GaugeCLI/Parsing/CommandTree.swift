/// Questions about a command known only by its type, as the dispatcher and `gauge help`
/// walk the tree of commands.
///
/// These are plain functions on purpose: opening an `any DeclaredCommand.Type` inside a
/// `throws(CLIError)` function crashes the Swift 6.3 compiler (SILGen cleanup of the
/// opened type), so the throwing code asks here instead.
enum CommandTree {
  static func name(of command: any DeclaredCommand.Type) -> String {
    command.configuration.name
  }

  static func subcommands(of command: any DeclaredCommand.Type) -> [any DeclaredCommand.Type] {
    command.configuration.subcommands
  }

  static func subcommand(named name: String, of command: any DeclaredCommand.Type)
    -> (any DeclaredCommand.Type)?
  {
    command.configuration.subcommands.first { $0.configuration.name == name }
  }

  static func defaultSubcommand(of command: any DeclaredCommand.Type)
    -> (any DeclaredCommand.Type)?
  {
    command.configuration.defaultSubcommand
  }

  static func spec(of command: any DeclaredCommand.Type, path: [String]) -> CommandSpec {
    command.spec(path: path)
  }

  /// The command `path` names below `gauge`, if any.
  static func command(at path: [String]) -> (any DeclaredCommand.Type)? {
    var command: any DeclaredCommand.Type = RootCommand.self
    for name in path {
      guard let next = subcommand(named: name, of: command) else { return nil }
      command = next
    }
    return command
  }
}
