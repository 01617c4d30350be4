/// Everything a command can fail with. `GaugeCommand.run` is the one place that turns these
/// into text and an exit code.
enum CLIError: Error, Sendable, Equatable {
  /// The command line is wrong: exit 64, with the usage line of the command being parsed.
  case usage(String)
  /// An input (a preset, a file, a value) is wrong: exit 64, no usage line.
  case input(String)
  /// Anything else (a file that cannot be written...): exit 1.
  case failure(String)
  /// Ended by a signal (2 for SIGINT, 15 for SIGTERM): exit 128 + the signal, silently.
  case signal(Int32)
  /// The command has said everything itself (a validation report): just the exit code.
  case quiet(Int32)

  static let usageExitCode: Int32 = 64
  static let failureExitCode: Int32 = 1

  /// The error with its message made safe for a terminal: messages quote input.
  var escaped: CLIError {
    switch self {
    case .usage(let message): .usage(TerminalSafe.escaped(message, keepingLineBreaks: true))
    case .input(let message): .input(TerminalSafe.escaped(message, keepingLineBreaks: true))
    case .failure(let message): .failure(TerminalSafe.escaped(message, keepingLineBreaks: true))
    case .signal, .quiet: self
    }
  }

  var exitCode: Int32 {
    switch self {
    case .usage, .input: return CLIError.usageExitCode
    case .failure: return CLIError.failureExitCode
    case .signal(let number): return 128 + number
    case .quiet(let code): return code
    }
  }
}

/// A file could not be read or written; `reason` is the system's words.
public struct FileError: Error, Sendable, Equatable {
  public var path: String
  public var reason: String
  /// Whether every other write would fail the same way: the disk is full, over quota,
  /// read-only or failing. A batch stops rather than report the same failure for every line.
  public var affectsEveryFile: Bool

  public init(path: String, reason: String, affectsEveryFile: Bool = false) {
    self.path = path
    self.reason = reason
    self.affectsEveryFile = affectsEveryFile
  }
}
