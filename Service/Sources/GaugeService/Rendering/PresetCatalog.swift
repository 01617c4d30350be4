import Foundation
import GaugeKit
@_spi(Service) import GaugePresets
@_spi(Service) import GaugeSupport

/// The presets a server draws by name: the built-in ones, then those of `--preset-dir`,
/// which win on a shared name (as the CLI's `--preset-dir` does).
///
/// Read once at start, so requests never touch the file system and every replica with the
/// same folder answers the same.
struct PresetCatalog: Sendable {
  /// A reference: every request for a preset takes its entry, and a copy of a value would
  /// retain each of the gauge's strings and arrays, counts that every thread serving the
  /// preset contends for.
  final class Entry: Sendable {
    let gauge: Gauge
    /// The decoded preset written back as canonical JSON: it changes exactly when the
    /// drawing can.
    let canonicalJSON: String
    /// `canonicalJSON` hashed once, for every ETag of this preset.
    let fingerprint: String
    let builtIn: Bool

    init(gauge: Gauge, builtIn: Bool) {
      self.gauge = gauge
      canonicalJSON = gauge.presetJSON()
      fingerprint = EntityTag(canonical: canonicalJSON).opaque
      self.builtIn = builtIn
    }
  }

  private(set) var entries: [String: Entry] = [:]

  var names: [String] { entries.keys.sorted() }

  /// The built-in presets only.
  init() {
    for name in BuiltinPresets.names {
      // The built-in presets are checked by the library's own tests; one that fails to
      // decode would be a broken build, and is left out rather than trapping.
      guard let gauge = try? BuiltinPresets.gauge(named: name) else { continue }
      entries[name] = Entry(gauge: gauge, builtIn: true)
    }
  }

  /// The built-in presets and every `NAME.json` in `directory`.
  ///
  /// - Throws: `PresetFolderError` naming the folder or file and the problem, for the
  ///   operator at start-up (never for a client).
  init(directory: String) throws(PresetFolderError) {
    self.init()
    let files: [String]
    do {
      files = try FileManager.default.contentsOfDirectory(atPath: directory)
        .filter { $0.hasSuffix(".json") }.sorted()
    } catch {
      throw PresetFolderError(message: "cannot read the preset folder '\(directory)'")
    }
    let folder = directory.hasSuffix("/") ? directory : directory + "/"
    let loader: PresetLoader = { reference, _ throws(GaugeError) in
      if let data = FileManager.default.contents(atPath: folder + reference + ".json") {
        return (Array(data), folder + reference + ".json")
      }
      guard let json = BuiltinPresets.json(named: reference) else {
        throw .unknownPreset(
          name: reference, known: BuiltinPresets.names,
          suggestion: Suggestion.closest(to: reference, among: BuiltinPresets.names))
      }
      return (Array(json.utf8), "Presets/\(reference).json")
    }
    for file in files {
      let path = folder + file
      guard let data = FileManager.default.contents(atPath: path) else {
        throw PresetFolderError(message: "cannot read the preset '\(path)'")
      }
      do {
        let gauge = try Gauge(presetJSON: Array(data), file: path, loader: loader)
        entries[String(file.dropLast(5))] = Entry(gauge: gauge, builtIn: false)
      } catch {
        throw PresetFolderError(message: error.description)
      }
    }
  }

  /// A preset by name.
  ///
  /// - Throws: `Problem` 404 with the library's words and closest name.
  func entry(named name: String) throws(Problem) -> Entry {
    if let entry = entries[name] { return entry }
    let suggestion = Suggestion.closest(to: name, among: names)
    guard names == BuiltinPresets.names else {
      var message = "unknown preset \"\(name)\"; the presets are " + names.joined(separator: ", ")
      if let suggestion { message += "; did you mean \"\(suggestion)\"?" }
      throw Problem.notFound("preset", message)
    }
    throw Problem(
      GaugeError.unknownPreset(name: name, known: BuiltinPresets.names, suggestion: suggestion))
  }

  /// A preset object sent in a request body. Its `extends` may name any preset here, and
  /// nothing else: a client never makes the server read a file.
  ///
  /// - Throws: `Problem` 400 with each problem at its path under `preset`.
  func gauge(inline key: String, in body: JSONRequestBody) throws(Problem) -> Gauge {
    let entries = self.entries
    let loader: PresetLoader = { reference, _ throws(GaugeError) in
      guard let entry = entries[reference] else {
        let known = entries.keys.sorted()
        throw .unknownPreset(
          name: reference, known: known,
          suggestion: Suggestion.closest(to: reference, among: known))
      }
      return (Array(entry.canonicalJSON.utf8), reference)
    }
    do {
      return try Gauge(preset: key, in: body, loader: loader)
    } catch .unknownPreset(let name, _, let suggestion) {
      var message = "unknown preset \"\(name)\" to extend"
      if let suggestion { message += "; did you mean \"\(suggestion)\"?" }
      throw Problem.badParameter(key + ".extends", message)
    } catch {
      throw Problem(error, pathPrefix: key)
    }
  }
}

/// A preset folder the server cannot start with.
public struct PresetFolderError: Error, Sendable, CustomStringConvertible {
  let message: String
  public var description: String { message }
}
