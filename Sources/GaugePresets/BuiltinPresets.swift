import GaugeGeometry
import GaugeModel
@_spi(Service) import GaugeSupport

/// The presets that ship inside the library and the `gauge` binary.
///
/// `Presets/*.json` in the repository is their source of truth; `scripts/embed-presets` copies
/// them into the library as text, so an installed binary needs no files beside it.
public enum BuiltinPresets {
  /// The built-in presets' names, sorted.
  public static var names: [String] { files.map(\.name).sorted() }

  /// A built-in preset's JSON text, exactly as in `Presets/NAME.json`.
  public static func json(named name: String) -> String? {
    files.first { $0.name == name }?.json
  }

  /// A built-in preset decoded.
  ///
  /// - Throws: `GaugeError.unknownPreset` with the closest name when there is no such preset.
  public static func gauge(named name: String) throws(GaugeError) -> Gauge {
    guard let json = json(named: name) else {
      throw .unknownPreset(
        name: name, known: names, suggestion: Suggestion.closest(to: name, among: names))
    }
    return try Gauge(presetJSON: Array(json.utf8), file: "Presets/\(name).json")
  }
}
