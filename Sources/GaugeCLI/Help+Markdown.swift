extension Help {
  /// The command reference in docs/cli.md: every command's usage, arguments, options (with
  /// what is allowed and the real default) and examples, from the same specs as `--help`.
  static func markdown() -> String {
    let root = RootCommand.spec(path: [])
    var text = "| command | what it does |\n| --- | --- |\n"
    for subcommand in root.subcommands {
      text +=
        "| [`\(subcommand.name)`](#gauge-\(subcommand.name)) | \(cell(subcommand.abstract)) |\n"
    }
    text += "\n"
    var queue: [(command: any DeclaredCommand.Type, path: [String])] = RootCommand.configuration
      .subcommands.map { ($0, [$0.configuration.name]) }
    while !queue.isEmpty {
      let (command, path) = queue.removeFirst()
      text += markdown(command.spec(path: path))
      queue.insert(
        contentsOf: command.configuration.subcommands.map { ($0, path + [$0.configuration.name]) },
        at: 0)
    }
    return text
  }

  static func markdown(_ spec: CommandSpec) -> String {
    var text = "### `\(spec.commandLine)`\n\n\(spec.abstract)"
    if !spec.discussion.isEmpty { text += " " + spec.discussion }
    text += "\n\n```\n\(spec.usage)\n```\n\n"
    if !spec.arguments.isEmpty {
      text += "| argument | meaning |\n| --- | --- |\n"
      for argument in spec.arguments {
        text += "| \(code(argument.synopsis)) | \(cell(argument.fullHelp)) |\n"
      }
      text += "\n"
    }
    if !spec.options.isEmpty {
      text += "| option | meaning | allowed | default |\n| --- | --- | --- | --- |\n"
      for option in spec.options {
        text += "| \(code(option.synopsis)) | \(cell(option.help)) | "
        text += "\(cell(option.allowed ?? "")) | \(cell(option.defaultText ?? "")) |\n"
      }
      text += "\n"
    }
    if !spec.subcommands.isEmpty {
      text += "| action | what it does |\n| --- | --- |\n"
      for subcommand in spec.subcommands {
        let mark = subcommand.name == spec.defaultSubcommand ? " (default)" : ""
        text += "| \(code(subcommand.name))\(mark) | \(cell(subcommand.abstract)) |\n"
      }
      text += "\n"
    }
    if !spec.examples.isEmpty {
      text += "```\n" + spec.examples.map { "$ " + $0 + "\n" }.joined() + "```\n\n"
    }
    return text
  }

  /// Text in a table cell: a `|` would end the cell.
  private static func cell(_ text: String) -> String {
    text.replacingAll("|", with: "\\|")
  }

  private static func code(_ text: String) -> String {
    "`" + cell(text) + "`"
  }
}

extension String {
  fileprivate func replacingAll(_ target: Character, with replacement: String) -> String {
    var result = ""
    for character in self {
      if character == target { result += replacement } else { result.append(character) }
    }
    return result
  }
}
