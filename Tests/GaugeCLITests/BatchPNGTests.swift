import Foundation
import GaugeKit
import GaugeTestSupport
import Testing

@testable import GaugeCLI
@testable import GaugeText

/// `gauge batch --format png`, `--scale` and `--jobs`.
@Suite struct BatchPNGTests {
  let input = """
    {"id": "u1", "preset": "stress", "value": 42}
    {"id": "u2", "preset": "aqi", "value": 180, "size": 200, "theme": "dark"}
    {"id": "u3", "value": "x"}
    {"id": "u4", "value": null}
    """
  let stress = try! BuiltinPresets.gauge(named: "stress")
  let aqi = try! BuiltinPresets.gauge(named: "aqi")

  @Test func filesAreTheOneCallPNGs() throws {
    let out = try temporaryFolder().appendingPathComponent("out")
    let run = gauge(
      ["batch", "--out-dir", out.path, "--preset", "stress", "--format", "png", "--jobs", "3"],
      input: input)
    #expect(run.code == 1)
    #expect(run.errors.hasSuffix("3 rendered, 1 failed\n"))
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: out.path).sorted() == [
        "u1.png", "u2.png", "u4.png",
      ])
    let u2 = [UInt8](try Data(contentsOf: out.appendingPathComponent("u2.png")))
    #expect(
      u2 == (try aqi.png(value: 180, options: RenderOptions(width: 200, height: 200, theme: .dark)))
    )
    let image = try PNGReader(u2).image()
    #expect(image.width == 200 && image.height == 200)
    let u4 = [UInt8](try Data(contentsOf: out.appendingPathComponent("u4.png")))
    #expect(u4 == (try stress.png(value: nil)))
  }

  /// `--font` is read and checked once; every image draws its texts in it.
  @Test func aFontDrawsEveryImagesTexts() throws {
    let folder = try temporaryFolder()
    let font = try #require(BundledFontData.decode(BundledFontData.dejaVuSansBold))
    let path = folder.appendingPathComponent("bold.ttf").path
    try Data(font).write(to: URL(fileURLWithPath: path))
    let out = folder.appendingPathComponent("out")
    let run = gauge(
      ["batch", "--out-dir", out.path, "--preset", "stress", "--format", "png", "--font", path],
      input: input)
    #expect(run.code == 1)
    let u1 = [UInt8](try Data(contentsOf: out.appendingPathComponent("u1.png")))
    let bold = RenderOptions(fonts: FontSet(faces: [.dejaVuSansBold]))
    #expect(u1 == (try stress.png(value: 42, options: bold)))

    let notAFont = folder.appendingPathComponent("notes.ttf").path
    try Data(repeating: 0, count: 64).write(to: URL(fileURLWithPath: notAFont))
    let bad = gauge(
      ["batch", "--jsonl", "--preset", "stress", "--format", "png", "--font", notAFont],
      input: input)
    #expect(bad.code == 64)
    #expect(bad.output == "")
    #expect(
      bad.errors
        == "Error: --font '\(notAFont)': malformed font: not a TrueType or OpenType font: it "
        + "starts with 0x00000000, where a font starts with 0x00010000, \"true\", \"OTTO\" or "
        + "\"ttcf\"\n")
  }

  @Test func jsonLinesCarryBase64AndScaleDoublesThePixels() throws {
    let run = gauge(
      ["batch", "--jsonl", "--preset", "stress", "--format", "png", "--scale", "2"],
      input: input)
    #expect(run.code == 1)
    let lines = run.output.split(separator: "\n")
    #expect(lines.count == 3)
    let first = try #require(
      try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: String])
    #expect(first.keys.sorted() == ["id", "png"])
    #expect(first["id"] == "u1")
    let png = [UInt8](try #require(Data(base64Encoded: first["png"] ?? "")))
    #expect(png == (try stress.png(value: 42, scale: 2)))
    let image = try PNGReader(png).image()
    #expect(image.width == 800 && image.height == 800)
  }

  @Test(arguments: ["1", "2", "64"])
  func everyJobCountGivesTheSameOutput(jobs: String) {
    let lines = (0..<40).map { #"{"id": "g\#($0)", "value": \#($0 * 3)}"# }.joined(separator: "\n")
    let single = gauge(["batch", "--jsonl", "--preset", "stress", "--jobs", "1"], input: lines)
    let run = gauge(["batch", "--jsonl", "--preset", "stress", "--jobs", jobs], input: lines)
    #expect(run.code == 0)
    #expect(run.outputBytes == single.outputBytes)
    #expect(run.errors == "40 rendered, 0 failed\n")
  }

  @Test(arguments: [
    (["--jobs", "0"], "--jobs: 0 is out of range; allowed: 1...64"),
    (["--jobs", "65"], "--jobs: 65 is out of range; allowed: 1...64"),
    (["--jobs", "two"], "--jobs: 'two' is not a whole number; allowed: 1...64"),
    (["--scale", "2"], "--scale applies to PNG output; add --format png"),
    (["--format", "png", "--scale", "9"], "--scale: 9 is out of range; allowed: 0.25...8"),
    (["--format", "gif"], "--format: 'gif' is not allowed; use one of svg, png"),
  ])
  func badOptionsExit64(arguments: [String], message: String) {
    let run = gauge(["batch", "--jsonl"] + arguments, input: input)
    #expect(run.code == 64)
    #expect(run.output == "")
    #expect(run.errors.hasPrefix("Error: \(message)\n"))
  }
}
