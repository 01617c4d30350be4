import GaugeKit

extension Problem {
  /// The library's error as the CLI words it, without the file the CLI adds: a request has
  /// no file, and a server's own paths must not leak. A problem read from a JSON body keeps
  /// its line and column in the body: `1:25: size: expected a number, found a string`.
  ///
  /// - Parameters:
  ///   - what: the input's name in a many-problem header: "the preset", "the chart".
  ///   - pathPrefix: where the input sits in the request body ("preset" for an inline
  ///     preset object), so each path points into what the client sent.
  init(_ error: GaugeError, what: String = "the preset", pathPrefix: String = "") {
    switch error {
    case .invalidGauge(let diagnostics), .invalidChart(let diagnostics):
      let items = diagnostics.map { diagnostic in
        Item(
          path: Problem.join(pathPrefix, diagnostic.path), message: diagnostic.message,
          line: diagnostic.line, column: diagnostic.column)
      }
      let lines = items.map(\.text)
      if lines.count == 1 {
        self.init(.badRequest, lines[0], errors: items)
      } else {
        let header = "\(what) has \(lines.count) problems:\n"
        self.init(
          .badRequest, header + lines.map { "  " + $0 }.joined(separator: "\n"), errors: items)
      }
    case .invalidSize(let message), .invalidOption(let message):
      self.init(.badRequest, message)
    case .unknownPreset:
      // Shaped as a 400 is: the request's part that named it, and the message.
      self.init(
        .notFound, error.description,
        errors: [Item(path: pathPrefix.isEmpty ? "preset" : pathPrefix, message: error.description)]
      )
    }
  }

  /// Runs `body`, turning the library's error into a problem.
  static func from<T>(_ body: () throws(GaugeError) -> T) throws(Problem) -> T {
    do {
      return try body()
    } catch {
      throw Problem(error)
    }
  }

  /// `preset` + `zones[0].color` -> `preset.zones[0].color`; `items` + `[2]` -> `items[2]`.
  static func join(_ prefix: String, _ path: String) -> String {
    if prefix.isEmpty { return path }
    if path.isEmpty { return prefix }
    return path.hasPrefix("[") ? prefix + path : prefix + "." + path
  }
}
