import Foundation
import GaugeKit
import Hummingbird
import Testing

@testable import GaugeService

@Suite("value=120,80: a preset of several pointers")
struct SeveralValuesTests {
  static let json = #"""
    {"title": "Blood pressure", "min": 40, "max": 200, "readout": {"suffix": " mmHg"},
     "zones": [{"label": "Low", "color": "#5AC8FA", "upTo": 90},
               {"label": "High", "color": "#FF3B30", "upTo": 200}],
     "pointers": [{"label": "Systolic"}, {"label": "Diastolic", "color": "#5856D6"}]}
    """#

  @Test("one pointer a value, as the library draws them; too many values is a 400")
  func values() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "gauge-service-bp-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data(Self.json.utf8).write(to: folder.appendingPathComponent("bp.json"))
    var configuration = ServiceConfiguration()
    configuration.presetDirectory = folder.path
    let bp = try Gauge(presetJSON: Self.json)
    let svg = try bp.svgBytes(values: [120, 80], options: RenderOptions(width: 400, height: 400))
    try await withService(configuration) { client in
      let image = try await client.execute(uri: "/gauge/bp.svg?value=120,80", method: .get)
      #expect(image.status == .ok)
      #expect(image.bytes == svg)
      let tooMany = try await client.execute(uri: "/gauge/bp.svg?value=1,2,3", method: .get)
      #expect(tooMany.status == .badRequest)
      #expect(
        tooMany.text
          == badParameter(
            "value", #"3 values for a gauge of 2 pointers ("pointers"); give at most 2"#))
      let one = try await client.execute(uri: "/gauge/stress.svg?value=1,2", method: .get)
      #expect(
        one.text
          == badParameter(
            "value", #"2 values for a gauge of one pointer (no "pointers"); give at most 1"#))
    }
  }
}
