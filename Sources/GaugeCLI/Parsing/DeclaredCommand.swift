/// A command of `gauge`: a value whose fields are its typed options and arguments.
///
/// It is used in three steps, in the manner of swift-argument-parser: the parser fills a
/// fresh value from the words (`Command()` holds the defaults), `validate()` checks what one
/// option cannot check alone, and `run(context:)` does the work with typed fields only.
protocol DeclaredCommand: Sendable {
  static var configuration: CommandSummary { get }
  /// The positional arguments, in order.
  static var arguments: [Argument<Self>] { get }
  /// The options, in the order help lists them (`--help` is added by the parser).
  static var options: [Option<Self>] { get }

  /// Every option at its default.
  init()
  /// Checks that need several options at once; throws `CLIError.usage`.
  mutating func validate() throws(CLIError)
  func run(context: CommandIO) throws(CLIError)
  /// For a group: the command line meant when `word` is not one of its actions (`gauge
  /// presets aqi` meant `gauge presets show aqi`); `nil` falls back to the closest action.
  static func suggestion(forUnknownAction word: String) -> String?
  /// Whether the argument `name` is left out, given the options parsed and how many
  /// positional words there are (`gauge render --min 0 … 72` has no preset).
  func omits(argument name: String, words: Int) -> Bool
}

extension DeclaredCommand {
  static var arguments: [Argument<Self>] { [] }
  static var options: [Option<Self>] { [] }
  mutating func validate() throws(CLIError) {}
  static func suggestion(forUnknownAction word: String) -> String? { nil }
  func omits(argument name: String, words: Int) -> Bool { false }
}

/// What a command says about itself: its name, its help, and its subcommands if it is a
/// group such as `gauge presets`.
struct CommandSummary: Sendable {
  var name: String
  var abstract: String
  var discussion: String = ""
  var examples: [String] = []
  var subcommands: [any DeclaredCommand.Type] = []
  /// Run when the group's name is followed by no subcommand (`gauge presets` lists).
  var defaultSubcommand: (any DeclaredCommand.Type)?
}
