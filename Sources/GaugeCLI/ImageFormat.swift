import GaugeKit
import GaugeRaster
import GaugeText

/// What `--format` asks for.
enum ImageFormat: String, Sendable, Hashable, CaseIterable {
  case svg
  case png

  /// What an absent `--format` means: PNG for an output file named `*.png`, else SVG.
  static func implied(by output: OutputTarget) -> ImageFormat {
    if case .file(let path) = output, path.lowercased().hasSuffix(".png") { return .png }
    return .svg
  }

  static let absentText = "png for an -o file ending in .png, otherwise svg"
}

extension Option {
  /// `--format` and `--scale`, shared by the commands that draw images.
  static func imageFormat(
    _ format: WritableKeyPath<Command, ImageFormat?> & Sendable,
    scale: WritableKeyPath<Command, Double?> & Sendable,
    absent: String = ImageFormat.absentText
  ) -> [Option] {
    [
      .value(
        format, name: "format", .choice(placeholder: "FORMAT"), absent: absent,
        help: "The image format."),
      .value(
        scale, name: "scale", .number(0.25...8, placeholder: "FACTOR"), absent: "1",
        help: "PNG only: pixels per layout pixel (2 for HiDPI: twice the pixels each way)."),
    ]
  }
}

extension Option {
  /// `--font`, shared by the commands that draw PNG images.
  static func font(_ path: WritableKeyPath<Command, String?> & Sendable) -> Option {
    .value(
      path, name: "font", .path(placeholder: "FILE"), absent: "the bundled DejaVu Sans",
      help:
        "PNG only: a TrueType font file (.ttf) to draw the texts in; a font wider than "
        + "DejaVu Sans is drawn a little smaller, in the same places.")
  }
}

extension CLIError {
  /// `--scale` with an SVG, which has no pixels to scale.
  static func scaleNeedsPNG() -> CLIError {
    .usage("--scale applies to PNG output; add --format png or write to a .png file")
  }

  /// `--font` with an SVG, whose texts the viewer draws in its own fonts.
  static func fontNeedsPNG() -> CLIError {
    .usage("--font applies to PNG output; add --format png or write to a .png file")
  }
}

extension Inputs {
  /// The largest font file `--font` reads: DejaVu Sans whole is 740 KB; CJK fonts reach
  /// 20 MB.
  static let maximumFontSize = 32 << 20

  /// The bytes of `--font`'s file, checked to be a font the renderer reads, or `nil`
  /// without the option.
  static func font(_ path: String?, context: Context) throws(CLIError) -> [UInt8]? {
    guard let path else { return nil }
    let bytes: [UInt8]
    do {
      bytes = try context.files.read(path, limit: maximumFontSize)
    } catch {
      throw .input("--font: cannot read '\(error.path)': \(error.reason)")
    }
    // Checked once here, so a batch does not fail every line for it.
    _ = try converting { () throws(GaugeError) in try FontFace.caller(bytes) }
    return bytes
  }
}
