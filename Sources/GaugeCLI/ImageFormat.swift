import GaugeKit

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

extension CLIError {
  /// `--scale` with an SVG, which has no pixels to scale.
  static func scaleNeedsPNG() -> CLIError {
    .usage("--scale applies to PNG output; add --format png or write to a .png file")
  }
}
