import GaugeCLI

// argv and the process's environment in; an exit code out. Everything else is GaugeCLI's.
let code = GaugeCommand.run(
  Array(CommandLine.arguments.dropFirst()), context: ProcessFacts.context())
ProcessFacts.exit(code)
