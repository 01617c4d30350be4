/// Help text in the shape of swift-argument-parser's: OVERVIEW, USAGE, ARGUMENTS, OPTIONS,
/// SUBCOMMANDS, wrapped to the terminal's width. Everything in it comes from a `CommandSpec`.
enum Help {
  /// Where the help of an entry starts: beside the name, or under it on a narrow terminal,
  /// where a column of 26 would leave too little room for the words.
  static func column(width: Int) -> Int { width >= 60 ? 26 : 6 }

  static func text(_ spec: CommandSpec, width: Int) -> String {
    var overview = spec.abstract
    if !spec.discussion.isEmpty { overview += "\n\n" + spec.discussion }
    var text = "OVERVIEW: "
    // The first paragraph shares its line with "OVERVIEW: ".
    text += overview.split(separator: "\n", omittingEmptySubsequences: false).enumerated().map {
      let indent = $0.offset == 0 ? text.count : 0
      return String(
        wrap(String($0.element), width: width, indent: indent, hanging: 0).dropFirst(indent))
    }.joined(separator: "\n")
    text += "\n\n" + wrap("USAGE: \(spec.usage)", width: width, indent: 0, hanging: 7) + "\n\n"
    if !spec.arguments.isEmpty {
      text += "ARGUMENTS:\n"
      for argument in spec.arguments {
        text += entry(argument.synopsis, argument.fullHelp, width: width)
      }
      text += "\n"
    }
    text += "OPTIONS:\n"
    for option in spec.options + [CommandSpec.helpEntry] {
      text += entry(option.synopsis, option.fullHelp, width: width)
    }
    if !spec.subcommands.isEmpty {
      text += "\nSUBCOMMANDS:\n"
      for subcommand in spec.subcommands {
        let mark = subcommand.name == spec.defaultSubcommand ? " (default)" : ""
        text += entry(subcommand.name + mark, subcommand.abstract, width: width)
      }
      let more =
        spec.path.isEmpty ? "<subcommand>" : spec.path.joined(separator: " ") + " <subcommand>"
      text +=
        "\n"
        + wrap("See 'gauge help \(more)' for detailed help.", width: width, indent: 2, hanging: 2)
        + "\n"
    }
    if !spec.examples.isEmpty {
      text += "\nEXAMPLES:\n"
      for example in spec.examples { text += "  \(example)\n" }
    }
    return text
  }

  /// "  name        help text wrapped under itself"
  private static func entry(_ name: String, _ help: String, width: Int) -> String {
    let column = column(width: width)
    let head = "  " + name
    if head.count + 2 > column {
      return head + "\n" + wrap(help, width: width, indent: column, hanging: column) + "\n"
    }
    // Wrap as if the help started at the column, then put the name in front of it.
    let wrapped = wrap(help, width: width, indent: column, hanging: column)
    return head + String(wrapped.dropFirst(head.count)) + "\n"
  }

  /// Wraps words to `width`; the first line is indented by `indent`, the rest by `hanging`.
  static func wrap(_ text: String, width: Int, indent: Int, hanging: Int) -> String {
    var lines: [String] = []
    var line = String(repeating: " ", count: indent)
    var lineHasWord = false
    for word in text.split(separator: " ") {
      if lineHasWord && line.count + 1 + word.count > width {
        lines.append(line)
        line = String(repeating: " ", count: hanging)
        lineHasWord = false
      }
      if lineHasWord { line += " " }
      line += word
      lineHasWord = true
    }
    lines.append(line)
    return lines.joined(separator: "\n")
  }
}
