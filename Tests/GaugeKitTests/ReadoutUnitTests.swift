import GaugeKit
import Testing

/// A long readout keeps its unit (issue 26): from 120 px up the unit is always drawn, on
/// the number's line where it fits, else under it, and the number shrinks (still the
/// largest text) before the unit is ever dropped. Every built-in preset, and a steps gauge
/// whose "12'345.6 steps" (de-CH) or Eastern Arabic digits (ar-EG) are long, at the
/// minimum, middle and maximum of the domain, off the scale on either side and without
/// data (where the readout shows the placeholder alone).
@Suite struct ReadoutUnitTests {
  /// A steps gauge: five-digit values with a decimal and a long unit, in `locale`.
  static func steps(_ locale: String) throws -> Gauge {
    let green = Color(red: 0x27, green: 0xA9, blue: 0x47)
    let blue = Color(red: 0x1E, green: 0x6F, blue: 0xD9)
    return try Gauge(
      title: "Steps", min: 0, max: 20000,
      zones: [
        Zone(label: "Resting", color: blue, upperBound: 5000),
        Zone(label: "Active", color: green, upperBound: 20000),
      ],
      readout: ReadoutFormat(decimals: 1, suffix: " steps", locale: try GaugeLocale(locale)))
  }

  /// The built-in presets' names, then the steps gauge's locales.
  static let names = BuiltinPresets.names + ["steps de-CH", "steps ar-EG"]

  static func gauge(named name: String) throws -> Gauge {
    name.hasPrefix("steps ")
      ? try steps(String(name.dropFirst(6))) : try BuiltinPresets.gauge(named: name)
  }

  static let sides = [120, 160, 200, 240, 320, 400, 800]

  @Test(arguments: names)
  func theUnitStaysAndTheReadoutLeads(_ name: String) throws {
    let gauge = try Self.gauge(named: name)
    let unit = gauge.readout.unit
    let span = gauge.max - gauge.min
    var values: [Double?] = [
      gauge.min, (gauge.min + gauge.max) / 2, gauge.max, gauge.min - span / 10 - 1,
      gauge.max + span / 10 + 1, nil,
    ]
    if name.hasPrefix("steps") { values.append(12345.6) }
    for side in Self.sides {
      for value in values {
        let place = "\(name) at \(side) px, \(value.map { "\($0)" } ?? "none")"
        let scene = try gauge.scene(value: value, options: RenderOptions(width: side, height: side))
        let texts = scene.items.compactMap { item -> SceneText? in
          if case .text(let text) = item { return text } else { return nil }
        }
        let readout = try #require(texts.first { $0.role == .readout }, "\(place)")
        if !unit.isEmpty && value != nil {
          #expect(
            texts.contains { $0.role == .unit && $0.text == unit },
            "\(place): no unit \"\(unit)\" with \"\(readout.text)\"")
        }
        for other in texts where other.role != .readout {
          #expect(
            other.fontSize < readout.fontSize,
            "\(place): \(other.role) \"\(other.text)\" \(other.fontSize) px, the readout \(readout.fontSize) px"
          )
        }
        let boxes = texts.map { ($0, TextClearanceTests.box(of: $0)) }
        for (index, (text, box)) in boxes.enumerated() {
          for (other, otherBox) in boxes[(index + 1)...] {
            #expect(
              !box.intersects(otherBox, margin: 0),
              "\(place): \(text.role) \"\(text.text)\" overlaps \(other.role) \"\(other.text)\"")
          }
        }
      }
    }
  }

  /// The cases of the report: "12'345.6" with " steps" at 240 px, glucose's "mg/dL" at
  /// 120 px, each drawn with its unit.
  @Test func theReportedReadoutsKeepTheirUnits() throws {
    let steps = try Self.steps("de-CH")
    let layout = try steps.layout(value: 12345.6, width: 240, height: 240)
    #expect(layout.labels.first { $0.role == .readout }?.text == "12'345.6")
    #expect(layout.labels.first { $0.role == .unit }?.text == "steps")
    let glucose = try BuiltinPresets.gauge(named: "glucose")
    let small = try glucose.layout(value: 123, width: 120, height: 120)
    #expect(small.labels.first { $0.role == .unit }?.text == "mg/dL")
  }
}
