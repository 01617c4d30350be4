import Foundation
@_spi(Service) import GaugePresets
import Testing

@testable import GaugeKit

@Suite struct PresetInheritanceTests {
  /// A loader over an in-memory set of files.
  private func loader(_ files: [String: String]) -> PresetLoader {
    { reference, _ throws(GaugeError) in
      if let text = files[reference] { return (Array(text.utf8), reference) }
      if let json = BuiltinPresets.json(named: reference) {
        return (Array(json.utf8), "Presets/\(reference).json")
      }
      throw .invalidGauge([Diagnostic(path: "", message: "no preset \(reference)")])
    }
  }

  @Test func childKeysOverrideObjectsMergeArraysReplace() throws {
    let gauge = try Gauge(
      presetJSON:
        #"{"extends": "stress", "title": "Calm", "ring": {"buffer": 90}, "zones": [{"label": "All", "color": "blue", "upTo": 100}]}"#
    )
    let stress = try BuiltinPresets.gauge(named: "stress")
    #expect(gauge.title == "Calm")
    #expect(gauge.ring.bufferAngle == 90)
    #expect(gauge.ring.sectorCount == stress.ring.sectorCount)
    #expect(gauge.zones.map(\.label) == ["All"])
    #expect(gauge.min == stress.min && gauge.max == stress.max)
  }

  @Test func chainsOfFilesResolve() throws {
    let files = [
      "base.json": #"{"extends": "cpu", "readout": {"decimals": 1}}"#,
      "middle.json": #"{"extends": "base.json", "title": "Middle"}"#,
    ]
    let gauge = try Gauge(
      presetJSON: Array(#"{"extends": "middle.json", "fill": "zones"}"#.utf8), file: "top.json",
      loader: loader(files))
    #expect(gauge.title == "Middle")
    #expect(gauge.readout.decimals == 1)
    #expect(gauge.readout.suffix == "%")
    #expect(gauge.fill == .zones)
  }

  @Test func cyclesAreAnErrorAtTheExtendsKey() {
    let files = ["a.json": #"{"extends": "b.json"}"#, "b.json": #"{"extends": "a.json"}"#]
    #expect(
      throws: GaugeError.invalidGauge([
        Diagnostic(
          path: "extends",
          message:
            #""a.json" leads back to itself (a.json → b.json → a.json); a preset cannot extend itself"#,
          file: "b.json", line: 1, column: 13)
      ])
    ) {
      try Gauge(
        presetJSON: Array(#"{"extends": "b.json"}"#.utf8), file: "a.json", loader: loader(files))
    }
  }

  @Test func problemsInAParentNameTheParentsFile() {
    let files = [
      "parent.json":
        "{\n  \"min\": 0,\n  \"max\": 10,\n  \"zones\": [{\"label\": \"x\", \"color\": \"red\", \"upTo\": 12}]\n}"
    ]
    #expect(
      throws: GaugeError.invalidGauge([
        Diagnostic(
          path: "zones[0].upTo", message: "12 is above the domain max 10", file: "parent.json",
          line: 4, column: 52)
      ])
    ) {
      try Gauge(
        presetJSON: Array(#"{"extends": "parent.json"}"#.utf8), file: "child.json",
        loader: loader(files))
    }
  }

  /// `links` presets each extending the next, the last extending the built-in stress.
  private func chain(_ links: Int) -> PresetLoader {
    var files: [String: String] = [:]
    for index in 1..<links { files["p\(index).json"] = #"{"extends": "p\#(index + 1).json"}"# }
    files["p\(links).json"] = #"{"extends": "stress"}"#
    return loader(files)
  }

  @Test func chainsOfExtendsAreCappedAt16() throws {
    // The top preset's extends is the first link; each file's one more.
    let top = Array(#"{"extends": "p1.json"}"#.utf8)
    #expect(try Gauge(presetJSON: top, file: "top.json", loader: chain(15)).name == "stress")
    #expect(
      throws: GaugeError.invalidGauge([
        Diagnostic(
          path: "extends",
          message: "the chain of extends is more than 16 presets deep; at most 16 allowed",
          file: "p16.json", line: 1, column: 13)
      ])
    ) {
      try Gauge(presetJSON: top, file: "top.json", loader: chain(16))
    }
  }

  @Test func withoutALoaderOnlyBuiltInsCanBeExtended() {
    #expect(
      throws: GaugeError.invalidGauge([
        Diagnostic(
          path: "extends", message: #""stres" is not a built-in preset; did you mean "stress"?"#,
          file: "x.json", line: 1, column: 13)
      ])
    ) {
      try Gauge(presetJSON: #"{"extends": "stres"}"#, file: "x.json")
    }
    #expect(throws: GaugeError.self) { try Gauge(presetJSON: #"{"extends": 5}"#) }
  }

  /// Every key the schema names is one the decoder accepts, and the other way round.
  @Test func theSchemaAndTheDecoderAgreeOnEveryKey() throws {
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent()
      .deletingLastPathComponent()
    let data = try Data(contentsOf: folder.appendingPathComponent("docs/preset.schema.json"))
    let schema = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    func keys(_ object: Any?) -> Set<String> {
      Set(((object as? [String: Any])?["properties"] as? [String: Any])?.keys.map { $0 } ?? [])
    }
    let properties = try #require(schema["properties"] as? [String: Any])
    let definitions = try #require(schema["$defs"] as? [String: Any])
    #expect(keys(schema) == Set(PresetDecoder.topKeys))
    #expect(keys(definitions["zone"]) == Set(PresetDecoder.zoneKeys))
    #expect(keys(properties["ring"]) == Set(PresetDecoder.ringKeys))
    #expect(keys(properties["pointer"]) == Set(PresetDecoder.pointerKeys))
    #expect(keys(properties["readout"]) == Set(PresetDecoder.readoutKeys))
    #expect(keys(properties["labels"]) == Set(PresetDecoder.labelKeys))
    #expect(keys(definitions["style"]) == Set(PresetDecoder.styleKeys))
    #expect(keys(properties["animation"]) == Set(PresetDecoder.animationKeys))
    #expect(keys(properties["wording"]) == Set(PresetDecoder.wordingKeys))
  }

  @Test func everyBuiltInPresetHasASourceAndDecodes() throws {
    #expect(BuiltinPresets.names.count >= 12)
    for name in BuiltinPresets.names {
      let gauge = try BuiltinPresets.gauge(named: name)
      #expect(gauge.name == name)
      #expect((gauge.source ?? "").count > 20, "\(name) needs a source")
    }
  }
}
