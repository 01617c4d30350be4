import GaugeKit

extension Problem {
  /// The library's error as the CLI words it, without the file the CLI adds: a request has
  /// no file, and a server's own paths must not leak. A problem read from a JSON body keeps
  /// its line and column in the body: `1:25: size: expected a number, found a string`.
  ///
  /// - Parameters:
  ///   - summary: the input and its verb, as a many-problem detail begins: "the preset has",
  ///     "the gauge's fields have".
  ///   - pathPrefix: where the input sits in the request body ("preset" for an inline
  ///     preset object), so each path points into what the client sent.
  ///   - option: the parameter a size or option the library refuses is about (`animate`,
  ///     for an animation it will not draw); empty when no one parameter is.
  init(
    _ error: GaugeError, summary: String = "the preset has", pathPrefix: String = "",
    option: String = ""
  ) {
    switch error {
    case .invalidGauge(let diagnostics), .invalidChart(let diagnostics):
      self.init(
        diagnostics.map { Item($0, pathPrefix: pathPrefix) }, summary: summary)
    case .invalidSize(let message), .invalidOption(let message):
      // Shaped as every 400 is, though the library's words name no parameter.
      self = .badParameter(option, message)
    case .unknownPreset:
      self = .notFound(pathPrefix.isEmpty ? "preset" : pathPrefix, error.description)
    }
  }

  /// A 400 for one or more problems: one problem's line is the detail; several are
  /// `summary` ("the markers have") and their count, then one indented line each.
  init(_ items: [Item], summary: String = "the request has") {
    let lines = items.map(\.text)
    if lines.count == 1 {
      self.init(.badRequest, lines[0], errors: items)
    } else {
      let header = "\(summary) \(lines.count) problems:\n"
      self.init(
        .badRequest, header + lines.map { "  " + $0 }.joined(separator: "\n"), errors: items)
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

extension Problem.Item {
  /// The library's problem, its path under `pathPrefix` (`preset`) when it has one.
  init(_ diagnostic: Diagnostic, pathPrefix: String = "") {
    self.init(
      path: Problem.join(pathPrefix, diagnostic.path), message: diagnostic.message,
      line: diagnostic.line, column: diagnostic.column)
  }
}
