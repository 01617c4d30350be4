/// A command's interface as help and docs/cli.md print it: made from the command's
/// declarations (`DeclaredCommand.spec(path:)`), never written by hand.
struct CommandSpec: Sendable {
  /// One line of ARGUMENTS or OPTIONS.
  struct Entry: Sendable, Equatable {
    /// `<value>`, `-o, --output FILE`
    var synopsis: String
    var help: String
    /// `1...8192`, `light, dark, auto`
    var allowed: String?
    /// The real default, read from a fresh command value.
    var defaultText: String?

    /// The help with what is allowed and the default after it, as `--help` prints it.
    var fullHelp: String {
      let notes = [allowed.map { "allowed: \($0)" }, defaultText.map { "default: \($0)" }]
        .compactMap { $0 }
      guard !notes.isEmpty else { return help }
      // The notes go inside the sentence: "in pixels (default: 400)."
      let sentence = help.hasSuffix(".") ? String(help.dropLast()) : help
      return sentence + " (" + notes.joined(separator: "; ") + ")"
        + (help.hasSuffix(".") ? "." : "")
    }
  }

  /// The words after `gauge`: `["presets", "validate"]`; empty for `gauge` itself.
  var path: [String]
  var abstract: String
  var discussion: String
  var examples: [String]
  var arguments: [Entry]
  /// The arguments as the usage line shows them: `<value>`, `[<file.jsonl>]`.
  var argumentUsage: [String]
  var options: [Entry]
  /// Name and abstract of each subcommand of a group.
  var subcommands: [(name: String, abstract: String)]
  var defaultSubcommand: String?

  /// `gauge presets validate`
  var commandLine: String { (["gauge"] + path).joined(separator: " ") }

  /// `gauge layout <preset|file.json> <value> [options]`
  var usage: String {
    var parts = [commandLine]
    if !subcommands.isEmpty {
      // Below the top level, a group's subcommands are its actions: `gauge presets show`.
      let word = path.isEmpty ? "<subcommand>" : "<action>"
      parts.append(defaultSubcommand == nil ? word : "[\(word)]")
    }
    parts += argumentUsage
    if !options.isEmpty { parts.append("[options]") }
    return parts.joined(separator: " ")
  }

  /// Where a usage error sends the reader.
  var seeAlso: String {
    path.isEmpty ? "gauge --help" : "gauge help " + path.joined(separator: " ")
  }

  static let helpEntry = Entry(synopsis: "-h, --help", help: "Show help.")
}

extension DeclaredCommand {
  /// The interface of this command, reached by `path`.
  static func spec(path: [String]) -> CommandSpec {
    let fresh = Self()
    return CommandSpec(
      path: path, abstract: configuration.abstract, discussion: configuration.discussion,
      examples: configuration.examples,
      arguments: arguments.map { CommandSpec.Entry(synopsis: $0.label, help: $0.help) },
      argumentUsage: arguments.map(\.synopsis),
      options: options.map {
        CommandSpec.Entry(
          synopsis: $0.synopsis, help: $0.help, allowed: $0.allowed,
          // An empty default ("--prefix" adds nothing) goes unsaid.
          defaultText: $0.defaultText(fresh).flatMap { $0.isEmpty ? nil : $0 })
      },
      subcommands: configuration.subcommands.map {
        ($0.configuration.name, $0.configuration.abstract)
      },
      defaultSubcommand: configuration.defaultSubcommand?.configuration.name)
  }
}
