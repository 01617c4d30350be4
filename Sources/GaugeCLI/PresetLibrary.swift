import GaugeKit
@_spi(Service) import GaugePresets
@_spi(Service) import GaugeSupport

/// Where presets come from: `--preset-dir` folders, then `GAUGE_PRESET_PATH`, then the
/// built-in presets. A name found in a folder wins over a built-in of the same name, so a
/// team can keep its own version of a built-in.
struct PresetLibrary: Sendable {
  let folders: [String]
  let files: any FileAccess
  /// Whether a reference may be a file's path. Without, only built-in names and names in the
  /// preset folders resolve, so a backend rendering users' batch lines reads no other file,
  /// and its errors say nothing about which paths exist.
  let allowsPaths: Bool

  /// `folders` is `--preset-dir`: folders separated by ':'.
  init(folders: String?, context: CommandIO, allowsPaths: Bool = true) {
    let given = folders.map(PresetLibrary.split) ?? []
    let environment = context.environment["GAUGE_PRESET_PATH"].map(PresetLibrary.split) ?? []
    self.folders = given + environment
    files = context.files
    self.allowsPaths = allowsPaths
  }

  private static func split(_ list: String) -> [String] {
    list.split(separator: ":").map(String.init).filter { !$0.isEmpty }
  }

  /// Whether `argument` names a file rather than a preset.
  static func isPath(_ argument: String) -> Bool {
    argument.contains("/") || argument.hasSuffix(".json")
  }

  /// The JSON and file name of a preset: a path (relative to `from`'s folder, if given), a
  /// file in the preset folders, a built-in preset, or a file of that name here.
  func load(_ reference: String, from: String?) throws(GaugeError) -> (json: [UInt8], file: String)
  {
    func read(_ path: String) throws(GaugeError) -> [UInt8] {
      do {
        return try files.read(path, limit: Gauge.maximumPresetSize)
      } catch {
        throw .invalidGauge([
          Diagnostic(
            path: from == nil ? "" : "extends",
            message: "cannot read preset '\(error.path)': \(error.reason)", file: from)
        ])
      }
    }
    if !allowsPaths && (PresetLibrary.isPath(reference) || reference.hasPrefix(".")) {
      throw .invalidGauge([
        Diagnostic(
          path: from == nil ? "" : "extends",
          message:
            "'\(reference)' is not a preset name; only built-in presets and presets in "
            + "--preset-dir can be named here",
          file: from)
      ])
    }
    if PresetLibrary.isPath(reference) {
      var path = reference
      if !reference.hasPrefix("/"), let from, let slash = from.lastIndex(of: "/") {
        path = String(from[...slash]) + reference
      }
      // One spelling per file, so `extends: "./self.json"` is seen as the cycle it is.
      path = PresetLibrary.normalized(path)
      return (try read(path), path)
    }
    for folder in folders {
      let path =
        folder.hasSuffix("/") ? folder + reference + ".json" : folder + "/" + reference + ".json"
      if files.fileExists(path) { return (try read(path), path) }
    }
    if let json = BuiltinPresets.json(named: reference) {
      return (Array(json.utf8), "Presets/\(reference).json")
    }
    if allowsPaths && files.fileExists(reference) { return (try read(reference), reference) }
    var message = "unknown preset '\(reference)'; the built-in presets are "
    message += BuiltinPresets.names.joined(separator: ", ")
    if let suggestion = Suggestion.closest(
      to: reference, among: BuiltinPresets.names)
    {
      message += "; did you mean '\(suggestion)'?"
    } else if allowsPaths {
      message += "; or give the path of a preset JSON file"
    }
    throw .invalidGauge([
      Diagnostic(path: from == nil ? "" : "extends", message: message, file: from)
    ])
  }

  /// `path` without `.` components, repeated slashes or `dir/..` pairs, worked out from the
  /// text alone (a link is not followed, so nothing is revealed about the disk).
  static func normalized(_ path: String) -> String {
    let absolute = path.hasPrefix("/")
    var parts: [Substring] = []
    for part in path.split(separator: "/", omittingEmptySubsequences: true) {
      switch part {
      case ".": continue
      case "..":
        if let last = parts.last, last != ".." {
          parts.removeLast()
        } else if !absolute {
          parts.append(part)
        }
      default: parts.append(part)
      }
    }
    let joined = parts.joined(separator: "/")
    return absolute ? "/" + joined : (joined.isEmpty ? "." : joined)
  }

  /// A preset, decoded with `extends` resolved through this library and `overrides` laid
  /// over it; with no preset, the gauge `overrides` describe alone.
  func gauge(_ argument: String?, overrides: PresetOverrides = PresetOverrides())
    throws(CLIError) -> Gauge
  {
    let library = self
    return try Inputs.converting { () throws(GaugeError) in
      guard let argument else { return try Gauge(overrides: overrides) }
      let (json, file) = try library.load(argument, from: nil)
      return try Gauge(presetJSON: json, file: file, overrides: overrides) {
        reference, from throws(GaugeError) in
        try library.load(reference, from: from)
      }
    }
  }
}
