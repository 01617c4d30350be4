import ArgumentParser
import Foundation
@_spi(Service) import GaugeSupport

/// The process environment as a value, read once, with typed readers that name the variable
/// in their errors.
struct ServerEnvironment: Sendable {
  let variables: [String: String]

  static var current: ServerEnvironment {
    ServerEnvironment(variables: ProcessInfo.processInfo.environment)
  }

  /// A variable's text; an empty one counts as unset.
  func text(_ name: String) -> String? {
    guard let text = variables[name], !text.isEmpty else { return nil }
    return text
  }

  func integer(_ name: String) throws -> Int? {
    guard let text = text(name) else { return nil }
    guard let number = Int(text) else {
      throw ValidationError("\(name): '\(text)' is not a whole number")
    }
    return number
  }

  func number(_ name: String) throws -> Double? {
    guard let text = text(name) else { return nil }
    guard let number = FiniteNumber.parse(text) else {
      throw ValidationError("\(name): '\(text)' \(FiniteNumber.problem(text))")
    }
    return number
  }
}
