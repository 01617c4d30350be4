import GaugeKit
import GaugeTestSupport
import Testing

@testable import GaugeRender

/// The blood pressure gauge of docs/figures (two pointers, issue #25): at 120 to 800 pixels,
/// square and 2:1, in both themes, for pairs of values across its domain (and past its
/// ends, and without data), no readout line touches a pointer, the ring, another text or
/// the image's edge.
extension TextClearanceTests {
  struct PairCase: CustomStringConvertible {
    var theme: Theme
    var width: Int
    var height: Int
    var values: [Double?]
    var description: String {
      "blood-pressure \(theme) \(width)x\(height) "
        + values.map { $0.map { "\($0)" } ?? "none" }.joined(separator: ",")
    }
  }

  static let bloodPressure: Gauge = {
    let folder = String(#filePath.split(separator: "/").dropLast(3).joined(separator: "/"))
    let text = try! readFile("/\(folder)/docs/figures/blood-pressure.json")
    return try! Gauge(presetJSON: text)
  }()

  /// Every 20 from 40 to 200 for the first value against a spread for the second, and the
  /// off-scale and no-data states: seeded, so a failure replays.
  static let pairCases: [PairCase] = {
    var generator = SeededGenerator(seed: 120_80)
    var pairs: [[Double?]] = [
      [30, 210], [210, 30], [nil, 80], [120, nil], [40, 40], [200, 200],
    ]
    for first in stride(from: 40.0, through: 200, by: 20) {
      for _ in 0..<4 {
        pairs.append([first, Double.random(in: 40...200, using: &generator).rounded()])
      }
    }
    return [Theme.light, .dark].flatMap { theme in
      [120, 200, 400, 800].flatMap { side in
        [(side, side), (2 * side, side)].flatMap { size in
          pairs.map { PairCase(theme: theme, width: size.0, height: size.1, values: $0) }
        }
      }
    }
  }()

  @Test(arguments: pairCases) func readoutLinesAreClearOfEveryPointer(_ check: PairCase) throws {
    let scene = try Self.bloodPressure.scene(
      values: check.values,
      options: RenderOptions(width: check.width, height: check.height, theme: check.theme))
    var texts: [(SceneText, TextBox)] = []
    var pointers: [ScenePolygon] = []
    var rings: [SceneRing] = []
    for item in scene.items {
      switch item {
      case .text(let text): texts.append((text, Self.box(of: text)))
      case .polygon(let polygon): pointers.append(polygon)
      case .ring(let ring): rings.append(ring)
      default: break
      }
    }
    let lines = texts.filter { $0.0.role == .readoutLine }
    #expect(lines.count == 2)
    for (index, (text, box)) in texts.enumerated() {
      let name = "\(check): \(text.role) \"\(text.text)\""
      #expect(
        box.minX >= 0 && box.minY >= 0 && box.maxX <= Double(check.width)
          && box.maxY <= Double(check.height), "\(name) leaves the image: \(box)")
      for pointer in pointers {
        #expect(!box.intersects(polygon: pointer.points, margin: 0), "\(name) touches a pointer")
      }
      for ring in rings {
        #expect(!Self.touches(box, ring), "\(name) touches the ring")
      }
      for (other, otherBox) in texts[(index + 1)...] {
        #expect(!box.intersects(otherBox, margin: 0), "\(name) overlaps \(other.role)")
      }
    }
  }
}
