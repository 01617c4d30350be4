import GaugeKit
@_spi(Service) import GaugeSupport

/// `gauge help`: the help of any command, or the whole reference as Markdown.
struct HelpCommand: DeclaredCommand {
  static let configuration = CommandSummary(
    name: "help", abstract: "Show help for a command, or every command's as Markdown.",
    discussion:
      "With --markdown it prints the command reference of docs/cli.md, made from the same "
      + "declarations as this help.",
    examples: ["gauge help render", "gauge help presets validate", "gauge help --markdown"])

  static let arguments: [Argument<HelpCommand>] = [
    .variadic(
      \.command, name: "command", .text(placeholder: "COMMAND"),
      help: "The command, and its action for a group: render, presets validate.")
  ]

  static let options: [Option<HelpCommand>] = [
    .flag(\.markdown, name: "markdown", help: "Print every command's reference as Markdown.")
  ]

  var command: [String] = []
  var markdown = false

  mutating func validate() throws(CLIError) {
    if markdown && !command.isEmpty {
      throw .usage("--markdown prints every command; give no command with it")
    }
  }

  func run(context: CommandIO) throws(CLIError) {
    if markdown {
      context.output.write(Help.markdown())
      return
    }
    let spec = try HelpCommand.spec(of: command)
    context.output.write(Help.text(spec, width: context.helpWidth))
  }

  /// The interface of the command `path` names, or a usage error naming the first word that
  /// is not a command.
  static func spec(of path: [String]) throws(CLIError) -> CommandSpec {
    var group: any DeclaredCommand.Type = RootCommand.self
    for (depth, name) in path.enumerated() {
      if let next = CommandTree.subcommand(named: name, of: group) {
        group = next
        continue
      }
      let known = path.prefix(depth).joined(separator: " ")
      let prefix = known.isEmpty ? "" : known + " "
      var message = "unknown command '\(prefix + name)'"
      let names = CommandTree.subcommands(of: group).map(CommandTree.name(of:))
      if let suggestion = Suggestion.closest(to: name, among: names) {
        message += "; did you mean '\(prefix + suggestion)'?"
      }
      throw .usage(message)
    }
    return CommandTree.spec(of: group, path: path)
  }
}
