/// Help text in the shape of swift-argument-parser's: OVERVIEW, USAGE, ARGUMENTS, OPTIONS,
/// SUBCOMMANDS, wrapped to the terminal's width.
enum Help {
  static let overview =
    "Radial gauges and stress indicators: exact layouts, SVG images and terminal gauges from "
    + "JSON presets."

  static func root(commands: [CommandSpec], width: Int) -> String {
    var text = section("OVERVIEW", wrap(overview, width: width, indent: 0, hanging: 10))
    text += "USAGE: gauge <subcommand> [options]\n\n"
    text += "OPTIONS:\n"
    text += entry("-h, --help", "Show help.", width: width)
    text += entry("--version", "Show the version.", width: width)
    text += "\nSUBCOMMANDS:\n"
    for command in commands {
      text += entry(command.name, command.abstract, width: width)
    }
    text += entry("help", "Show help for a subcommand.", width: width)
    text += "\n  See 'gauge help <subcommand>' for detailed help.\n"
    return text
  }

  static func command(_ spec: CommandSpec, width: Int) -> String {
    var overview = spec.abstract
    if !spec.discussion.isEmpty { overview += "\n\n" + spec.discussion }
    var text = "OVERVIEW: "
    // The first paragraph shares its line with "OVERVIEW: ".
    text += overview.split(separator: "\n", omittingEmptySubsequences: false).enumerated().map {
      let indent = $0.offset == 0 ? text.count : 0
      return String(
        wrap(String($0.element), width: width, indent: indent, hanging: 0).dropFirst(indent))
    }.joined(separator: "\n")
    text += "\n\nUSAGE: \(spec.usage)\n\n"
    if !spec.arguments.isEmpty {
      text += "ARGUMENTS:\n"
      for argument in spec.arguments {
        text += entry("<\(argument.name)>", argument.help, width: width)
      }
      text += "\n"
    }
    text += "OPTIONS:\n"
    for option in spec.options {
      text += entry(option.synopsis, option.help, width: width)
    }
    text += entry("-h, --help", "Show help.", width: width)
    if !spec.examples.isEmpty {
      text += "\nEXAMPLES:\n"
      for example in spec.examples { text += "  \(example)\n" }
    }
    return text
  }

  private static func section(_ title: String, _ body: String) -> String {
    "\(title): \(body.trimmingLeadingNewline)\n\n"
  }

  /// "  name        help text wrapped under itself"
  private static func entry(_ name: String, _ help: String, width: Int) -> String {
    let column = 26
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

extension String {
  fileprivate var trimmingLeadingNewline: String {
    hasPrefix("\n") ? String(dropFirst()) : self
  }
}
