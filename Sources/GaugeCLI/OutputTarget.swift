/// Where `-o` sends output: a file, or standard output for `-o -` or no `-o`.
enum OutputTarget: Sendable, Equatable {
  case standardOutput
  case file(String)
}

extension ValueType where Value == OutputTarget {
  static let output = ValueType(placeholder: "FILE", allowed: nil) { text throws(ValueError) in
    guard !text.isEmpty else {
      throw ValueError(message: "give a file name, or - for standard output")
    }
    return text == "-" ? .standardOutput : .file(text)
  } format: {
    switch $0 {
    case .standardOutput: return "standard output"
    case .file(let path): return path
    }
  }
}

extension OutputTarget {
  /// Writes `bytes` to this target whole or not at all, or to standard output.
  func write(_ bytes: [UInt8], through context: CommandIO) throws(CLIError) {
    guard case .file(let path) = self else {
      context.output.write(bytes)
      return
    }
    // The process's own streams, as the context holds them (the shell may append to a file).
    switch path {
    case "/dev/stdout", "/dev/fd/1", "/proc/self/fd/1":
      context.output.write(bytes)
      return
    case "/dev/stderr", "/dev/fd/2", "/proc/self/fd/2":
      context.errors.write(bytes)
      return
    default: break
    }
    do {
      try context.files.writeAtomically(bytes, to: path)
    } catch {
      throw .failure("cannot write '\(error.path)': \(error.reason)")
    }
  }
}
