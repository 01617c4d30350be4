import Foundation
import GaugeKit
import GaugeTestSupport
import Testing

@testable import GaugeCLI
@testable import GaugeText

@Suite struct RenderCommandTests {
  @Test func writesTheLibrarysSVGToStandardOutput() throws {
    let run = gauge("render", "stress", "42")
    #expect(run.code == 0)
    #expect(run.errors == "")
    #expect(run.output == (try BuiltinPresets.gauge(named: "stress").svg(value: 42)))
  }

  @Test func optionsReachTheImage() throws {
    let stress = try BuiltinPresets.gauge(named: "stress")
    let run = gauge(
      "render", "stress", "42", "--size", "200", "--theme", "auto", "--title", "Mood",
      "--background", "#102030", "--from", "10", "--duration", "2")
    let expected = try stress.svg(
      value: 42,
      options: RenderOptions(
        width: 200, height: 200, theme: .auto,
        background: .color(Color(red: 0x10, green: 0x20, blue: 0x30)),
        title: "Mood", animation: SVGAnimation(from: 10, duration: 2)))
    #expect(run.code == 0)
    #expect(run.output == expected)
    let plain = gauge(
      "render", "stress", "42", "--no-labels", "--background", "none", "--width", "300", "--height",
      "150")
    #expect(
      plain.output
        == (try stress.svg(
          value: 42,
          options: RenderOptions(width: 300, height: 150, background: .none, showLabels: false))))
  }

  @Test func writesAFileWholeAndLeavesNothingBehindOnFailure() throws {
    let folder = try temporaryFolder()
    let file = folder.appendingPathComponent("gauge.svg").path
    let ok = gauge("render", "stress", "42", "-o", file)
    #expect(ok.code == 0)
    #expect(ok.output == "")
    #expect(
      try String(contentsOfFile: file, encoding: .utf8) == gauge("render", "stress", "42").output)

    // The target is a folder: the rename fails, the folder stays, no temporary file is left.
    let occupied = folder.appendingPathComponent("occupied").path
    try FileManager.default.createDirectory(atPath: occupied, withIntermediateDirectories: false)
    let failed = gauge("render", "stress", "42", "-o", occupied)
    #expect(failed.code == 1)
    #expect(failed.errors == "Error: cannot write '\(occupied)': Is a directory\n")
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == [
        "gauge.svg", "occupied",
      ])

    let missing = gauge(
      "render", "stress", "42", "-o", folder.appendingPathComponent("no/such/x.svg").path)
    #expect(missing.code == 1)
    #expect(
      missing.errors
        == "Error: cannot write '\(folder.path)/no/such/x.svg': No such file or directory\n")
  }

  @Test(arguments: [
    (["--size", "9000"], "--size: 9000 is out of range; allowed: 1...8192"),
    (["--size", "-3"], "--size: -3 is out of range; allowed: 1...8192"),
    (["--width", "0"], "--width: 0 is out of range; allowed: 1...8192"),
    (
      ["--theme", "drak"],
      "--theme: 'drak' is not allowed; use one of light, dark, auto; did you mean 'dark'?"
    ),
    (
      ["--background", "blu"],
      "--background: 'blu' is not a colour; use \(Color.allowedForms), or none"
    ),
    (["--duration", "-1"], "--duration: -1 is out of range; allowed: 0...60 seconds"),
    (["--duration", "fast"], "--duration: 'fast' is not a number; allowed: 0...60 seconds"),
    (["--from", "x"], "--from: 'x' is not a number"),
    (
      ["--title", String(repeating: "a", count: 201)],
      "--title: is 201 characters long; at most 200 allowed"
    ),
    (["--animate=yes"], "--animate takes no value"),
  ])
  func badOptionsNameTheFlagAndExit64(extra: [String], message: String) {
    let run = gauge(["render", "stress", "42"] + extra)
    #expect(run.code == 64)
    #expect(run.output == "")
    #expect(
      run.errors
        == "Error: \(message)\nUsage: gauge render <preset|file.json> [<value>...] [options]\n  See 'gauge help render'.\n"
    )
  }
}

@Suite struct RenderPNGTests {
  @Test func aPNGNameChoosesPNG() throws {
    let path = try temporaryFolder().appendingPathComponent("stress.PNG").path
    let run = gauge("render", "stress", "42", "-o", path, "--scale", "2")
    #expect(run.code == 0)
    let image = try PNGReader(Array(try Data(contentsOf: URL(fileURLWithPath: path)))).image()
    #expect(image.width == 800 && image.height == 800)
  }

  @Test func anUnknownExtensionIsAUsageErrorAndWritesNothing() throws {
    let folder = try temporaryFolder()
    let file = folder.appendingPathComponent("out.jpg").path
    let run = gauge("render", "stress", "42", "-o", file)
    #expect(run.code == 64)
    #expect(run.output == "")
    #expect(
      run.errors.hasPrefix(
        "Error: -o '\(file)': unknown extension '.jpg'; allowed: .svg, .png, or none "
          + "(--format then chooses)\nUsage: gauge render "))
    #expect(!FileManager.default.fileExists(atPath: file))
    let contradicting = gauge("render", "stress", "42", "-o", "x.SVG", "--format", "png")
    #expect(contradicting.code == 64)
    #expect(
      contradicting.errors.hasPrefix(
        "Error: -o 'x.SVG' names a .svg file but --format is png; allowed: a .png file, a name "
          + "without an extension, or -\n"))
    let pie = gauge("pie", "A=1", "B=2", "-o", "chart.pdf")
    #expect(pie.code == 64)
    #expect(pie.errors.hasPrefix("Error: -o 'chart.pdf': unknown extension '.pdf'; "))
    // No extension, or upper case: the format chooses, or the extension does.
    let bare = folder.appendingPathComponent("gauge").path
    #expect(gauge("render", "stress", "42", "-o", bare, "--format", "png").code == 0)
    #expect(
      try Data(contentsOf: URL(fileURLWithPath: bare)).prefix(4) == Data([0x89, 0x50, 0x4E, 0x47]))
    let upper = folder.appendingPathComponent("G.PNG").path
    #expect(gauge("render", "stress", "42", "-o", upper).code == 0)
    #expect(
      try Data(contentsOf: URL(fileURLWithPath: upper)).prefix(4) == Data([0x89, 0x50, 0x4E, 0x47]))
  }

  @Test func formatPNGWritesPNGToStandardOutput() throws {
    let run = gauge("render", "stress", "42", "--format", "png", "--size", "100")
    #expect(run.code == 0)
    #expect(run.outputBytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
  }

  @Test func scaleWithAnSVGIsAUsageError() {
    let run = gauge("render", "stress", "42", "--scale", "2")
    #expect(run.code == 64)
    #expect(
      run.errors.hasPrefix(
        "Error: --scale applies to PNG output; add --format png or write to a .png file\n"))
  }

  /// A caller's font draws the texts; one that cannot be read, is a web font, or draws no
  /// digits gets one clear message.
  @Test func aFontFileDrawsThePNGsTexts() throws {
    let folder = try temporaryFolder()
    let font = folder.appendingPathComponent("bold.ttf").path
    try Data(BundledFontData.decode(BundledFontData.dejaVuSansBold) ?? []).write(
      to: URL(fileURLWithPath: font))
    let run = gauge("render", "stress", "42", "--format", "png", "--size", "200", "--font", font)
    #expect(run.code == 0)
    let plain = gauge("render", "stress", "42", "--format", "png", "--size", "200")
    #expect(run.outputBytes != plain.outputBytes)
    #expect(
      try run.outputBytes
        == BuiltinPresets.gauge(named: "stress").png(
          value: 42,
          options: RenderOptions(
            width: 200, height: 200, fonts: FontSet(faces: [.dejaVuSansBold]))))

    let notAFont = folder.appendingPathComponent("notes.ttf").path
    try Data("root:x:0:0:root\n".utf8).write(to: URL(fileURLWithPath: notAFont))
    let bad = gauge("render", "stress", "42", "--format", "png", "--font", notAFont)
    #expect(bad.code == 64)
    #expect(
      bad.errors
        == "Error: --font '\(notAFont)': malformed font: not a TrueType or OpenType font: it "
        + "starts with 0x726f6f74 (\"root\"), where a font starts with 0x00010000, \"true\", "
        + "\"OTTO\" or \"ttcf\"\n")

    let missing = gauge("render", "stress", "42", "--format", "png", "--font", "/nonexistent.ttf")
    #expect(missing.code == 64)
    #expect(
      missing.errors == "Error: --font: cannot read '/nonexistent.ttf': No such file or directory\n"
    )

    // An SVG is laid out with the font and names its family where it differs from DejaVu.
    let svg = gauge("render", "stress", "42", "--font", font)
    #expect(svg.code == 0)

    let woff = folder.appendingPathComponent("web.woff2").path
    try Data(Array("wOF2".utf8) + [UInt8](repeating: 0, count: 60)).write(
      to: URL(fileURLWithPath: woff))
    let web = gauge("render", "stress", "42", "--format", "png", "--font", woff)
    #expect(web.code == 64)
    #expect(
      web.errors
        == "Error: --font '\(woff)': unsupported font format: WOFF2 is a web font wrapper; "
        + "convert it to .ttf or .otf first (for example: python3 -m fontTools.ttLib.woff2 "
        + "decompress FILE)\n")

    // An emptied glyf table drew every text as nothing and exited 0.
    var emptied = BundledFontData.decode(BundledFontData.dejaVuSans) ?? []
    let face = try FontFace(data: emptied)
    let glyf = try #require(face.tables["glyf"])
    for index in glyf.offset..<(glyf.offset + glyf.length) { emptied[index] = 0 }
    let blank = folder.appendingPathComponent("blank.ttf").path
    try Data(emptied).write(to: URL(fileURLWithPath: blank))
    let empty = gauge("render", "stress", "42", "--format", "png", "--font", blank)
    #expect(empty.code == 64)
    #expect(
      empty.errors
        == "Error: --font '\(blank)': its digits have no outlines (the glyph data is empty); "
        + "give a text font that draws 0-9\n")
  }

  /// GAUGE_FONT_PATH's folders come before the bundled faces; an unreadable file there is a
  /// warning, not an error; --no-system-fonts draws the bundled faces' .notdef for Japanese.
  @Test func fontFoldersAndNoSystemFonts() throws {
    let folder = try temporaryFolder()
    try Data(BundledFontData.decode(BundledFontData.dejaVuSansBold) ?? []).write(
      to: folder.appendingPathComponent("bold.ttf"))
    try Data("not a font at all".utf8).write(to: folder.appendingPathComponent("broken.otf"))
    let run = gauge(
      "render", "stress", "42", "--format", "png", "--size", "200", "--no-system-fonts",
      environment: ["GAUGE_FONT_PATH": "/nonexistent:" + folder.path])
    #expect(run.code == 0)
    #expect(
      run.errors
        == "gauge: warning: GAUGE_FONT_PATH: skipped '\(folder.path)/broken.otf': malformed "
        + "font: not a TrueType or OpenType font: it starts with 0x6e6f7420 (\"not \"), where "
        + "a font starts with 0x00010000, \"true\", \"OTTO\" or \"ttcf\"\n")
    let stress = try BuiltinPresets.gauge(named: "stress")
    #expect(
      try run.outputBytes
        == stress.png(
          value: 42,
          options: RenderOptions(
            width: 200, height: 200, fonts: FontSet(faces: [.dejaVuSansBold], systemFonts: false))))

    let preset = folder.appendingPathComponent("japanese.json").path
    try Data(#"{"extends": "stress", "title": "東京"}"#.utf8).write(to: URL(fileURLWithPath: preset))
    let svg = gauge("render", preset, "42", "--no-system-fonts")
    #expect(svg.code == 0)
    #expect(!svg.output.contains("Noto"))
    let png = gauge("render", preset, "42", "--format", "png", "--no-system-fonts")
    #expect(
      try png.outputBytes
        == BuiltinPresets.gauge(named: "stress").png(
          value: 42, options: RenderOptions(title: "東京", fonts: .bundled)))
  }

  /// A scale that takes the image past 1...8192 pixels a side names --scale and the scales
  /// that fit, on every command that takes it; a batch line names it too.
  @Test(arguments: [
    (
      ["render", "stress", "42", "--format", "png", "--size", "5000", "--scale", "2"],
      "--scale: 2 makes the 5000×5000 image 10000×10000 pixels; at most 8192 a side allowed, "
        + "so at most 1.638\nUsage: gauge render <preset|file.json> [<value>...] [options]\n"
        + "  See 'gauge help render'."
    ),
    (
      ["render", "cpu=1", "memory=2", "--format", "png", "--size", "2000", "--scale", "4"],
      "--scale: 4 makes the 4000×2000 image 16000×8000 pixels; at most 8192 a side allowed, "
        + "so at most 2.048\nUsage: gauge render <preset|file.json> [<value>...] [options]\n"
        + "  See 'gauge help render'."
    ),
    (
      ["render", "stress", "42", "--format", "png", "--size", "1", "--scale", "0.25"],
      "--scale: 0.25 makes the 1×1 image 0×0 pixels; at least 1 a side allowed, so at least "
        + "0.5\nUsage: gauge render <preset|file.json> [<value>...] [options]\n"
        + "  See 'gauge help render'."
    ),
    (
      ["pie", "A=1", "B=2", "--format", "png", "--width", "2000", "--scale", "8"],
      "--scale: 8 makes the 2000×400 image 16000×3200 pixels; at most 8192 a side allowed, "
        + "so at most 4.096\nUsage: gauge pie [<label=value>...] [options]\n"
        + "  See 'gauge help pie'."
    ),
  ])
  func aScaledSizePastTheCapNamesScale(words: [String], message: String) {
    let run = gauge(words)
    #expect(run.code == 64)
    #expect(run.output == "")
    #expect(run.errors == "Error: " + message + "\n")
  }

  @Test func aBatchLinePastTheCapAtTheScaleNamesScale() {
    let run = gauge(
      ["batch", "--jsonl", "--preset", "stress", "--format", "png", "--scale", "8"],
      input: #"{"id": "a", "value": 42, "size": 2000}"# + "\n")
    #expect(run.code == 1)
    #expect(
      run.errors
        == "gauge batch: line 1 (id 'a'): --scale: 8 makes the 2000×2000 image 16000×16000 "
        + "pixels; at most 8192 a side allowed, so at most 4.096\n0 rendered, 1 failed\n")
  }

  @Test(arguments: [
    (["--scale", "0"], "--scale: 0 is out of range; allowed: 0.25...8"),
    (["--scale", "100"], "--scale: 100 is out of range; allowed: 0.25...8"),
    (["--scale", "abc"], "--scale: 'abc' is not a number; allowed: 0.25...8"),
    (["--scale", "inf"], "--scale: 'inf' is not a finite number; allowed: 0.25...8"),
  ])
  func aScaleOutOfRangeNamesScale(extra: [String], message: String) {
    let run = gauge(["render", "stress", "42", "--format", "png"] + extra)
    #expect(run.code == 64)
    #expect(
      run.errors
        == "Error: \(message)\nUsage: gauge render <preset|file.json> [<value>...] [options]\n"
        + "  See 'gauge help render'.\n")
  }
}
