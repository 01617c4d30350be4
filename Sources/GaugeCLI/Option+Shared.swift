import GaugeKit

/// Options that several commands share, declared once here.
extension Option {
  /// `--size`, `--width`, `--height`, for the fields of one `ImageSize`.
  static func imageSize(
    size: WritableKeyPath<Command, Int> & Sendable,
    width: WritableKeyPath<Command, Int?> & Sendable,
    height: WritableKeyPath<Command, Int?> & Sendable
  ) -> [Option] {
    let side = ValueType.integer(RenderLimits.sides, placeholder: "PX")
    return [
      .value(
        size, name: "size", side,
        help: "Width and height of the image in pixels."),
      .value(
        width, name: "width", side, absent: "--size",
        help: "Width in pixels."),
      .value(
        height, name: "height", side, absent: "--size",
        help: "Height in pixels."),
    ]
  }

  static func theme(
    _ field: WritableKeyPath<Command, Theme> & Sendable,
    help: String = "The colours; auto follows the viewer's colour scheme."
  ) -> Option {
    .value(field, name: "theme", .choice(placeholder: "THEME"), help: help)
  }

  static func background(_ field: WritableKeyPath<Command, Background> & Sendable) -> Option {
    .value(field, name: "background", .background, help: "What fills the image behind it.")
  }

  static func presetFolders(_ field: WritableKeyPath<Command, String?> & Sendable) -> Option {
    .value(
      field, name: "preset-dir", .path(placeholder: "DIR"),
      help:
        "Look for presets (NAME.json) in DIR first, then in GAUGE_PRESET_PATH, then among the "
        + "built-in ones; several folders are separated by ':'.")
  }

  static func glyphs(_ field: WritableKeyPath<Command, GlyphSet> & Sendable, help: String)
    -> Option
  {
    .value(field, name: "glyphs", .choice(placeholder: "SET"), help: help)
  }

  static func color(_ field: WritableKeyPath<Command, ColorChoice> & Sendable) -> Option {
    .value(
      field, name: "color", .choice(placeholder: "WHEN"),
      help:
        "Colour in the terminal; auto honours NO_COLOR, FORCE_COLOR, COLORTERM and TERM, and "
        + "uses none when output is not a terminal.")
  }
}
