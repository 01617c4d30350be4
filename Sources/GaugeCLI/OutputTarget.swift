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
