import GaugeGeometry
import GaugeModel
@_spi(Service) import GaugeSupport

/// Finds the preset an `extends` names: `reference` as written, `from` the file naming it.
/// Returns the preset's JSON and the name to report problems under.
@_spi(Service)
public typealias PresetLoader =
  @Sendable (_ reference: String, _ from: String?) throws(GaugeError) -> (
    json: [UInt8], file: String
  )

/// Resolves `extends`: the named preset is loaded (recursively) and this one's keys laid over
/// it, objects key by key and arrays whole. Every node keeps the file it came from.
package struct PresetInheritance {
  /// How many presets deep a chain of `extends` may go.
  package static let maximumDepth = 16

  package let loader: PresetLoader?

  package init(loader: PresetLoader?) {
    self.loader = loader
  }

  /// One preset file's JSON, read under the presets' limits.
  package static func parse(_ bytes: [UInt8], file: String?) throws(GaugeError) -> JSONNode {
    do {
      return try JSONParser.parse(bytes, source: file, limits: PresetDecoder.limits)
    } catch {
      throw .invalidGauge([error.diagnostic(file: file)])
    }
  }

  /// `node` with its `extends` (if any) merged in.
  package func resolve(_ node: JSONNode, file: String?, chain: [String]) throws(GaugeError)
    -> JSONNode
  {
    guard case .object(let members) = node.value,
      let extends = members.first(where: { $0.key == "extends" })
    else { return node }
    func problem(_ message: String) -> GaugeError {
      .invalidGauge([
        Diagnostic(
          path: "extends", message: message, file: extends.value.source ?? file,
          line: extends.value.line, column: extends.value.column)
      ])
    }
    guard case .string(let reference) = extends.value.value else {
      throw problem("expected a string, found \(extends.value.value.kind)")
    }
    let here = file ?? "this preset"
    guard chain.count < PresetInheritance.maximumDepth else {
      let cap = PresetInheritance.maximumDepth
      throw problem("the chain of extends is more than \(cap) presets deep; at most \(cap) allowed")
    }
    let loaded: (json: [UInt8], file: String)
    do {
      loaded = try load(reference, from: file, problem: problem)
    } catch {
      // A loader knows what went wrong, not where: place it at this `extends`.
      guard case .invalidGauge(let problems) = error else { throw error }
      throw .invalidGauge(
        problems.map { problem in
          var placed = problem
          if placed.line == nil {
            placed.file = extends.value.source ?? file
            placed.path = "extends"
            placed.line = extends.value.line
            placed.column = extends.value.column
          }
          return placed
        })
    }
    let (json, parentFile) = loaded
    let path = chain + [here]
    if path.contains(parentFile) {
      let cycle = (path.drop { $0 != parentFile } + [parentFile]).joined(separator: " → ")
      throw problem(
        "\"\(reference)\" leads back to itself (\(cycle)); a preset cannot extend itself")
    }
    let parent = try resolve(
      try PresetInheritance.parse(json, file: parentFile), file: parentFile, chain: path)
    var child = node
    child.value = .object(members.filter { $0.key != "extends" })
    return PresetInheritance.merge(parent, child)
  }

  private func load(
    _ reference: String, from file: String?, problem: (String) -> GaugeError
  ) throws(GaugeError) -> (json: [UInt8], file: String) {
    if let loader { return try loader(reference, file) }
    if let json = BuiltinPresets.json(named: reference) {
      return (Array(json.utf8), "Presets/\(reference).json")
    }
    var message = "\"\(reference)\" is not a built-in preset"
    if let suggestion = Suggestion.closest(to: reference, among: BuiltinPresets.names) {
      message += "; did you mean \"\(suggestion)\"?"
    } else {
      message += " (" + BuiltinPresets.names.joined(separator: ", ") + ")"
    }
    throw problem(message)
  }

  /// `child` laid over `parent`: objects merge key by key, anything else is replaced.
  package static func merge(_ parent: JSONNode, _ child: JSONNode) -> JSONNode {
    guard case .object(let base) = parent.value, case .object(let over) = child.value else {
      return child
    }
    // Keys are unique within each object (the parser checks), so they index it.
    let overIndex = Dictionary(over.enumerated().map { ($1.key, $0) }) { first, _ in first }
    let baseKeys = Set(base.map(\.key))
    var members: [JSONMember] = []
    for member in base {
      if let position = overIndex[member.key] {
        var merged = over[position]
        merged.value = merge(member.value, merged.value)
        members.append(merged)
      } else {
        members.append(member)
      }
    }
    for member in over where !baseKeys.contains(member.key) {
      members.append(member)
    }
    var result = child
    result.value = .object(members)
    return result
  }
}
