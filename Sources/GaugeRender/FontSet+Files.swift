import GaugeSupport
import GaugeText

extension FontSet {
  /// A font set whose faces come first from `fontFiles`, then from the files in `folders`,
  /// then the bundled DejaVu Sans and, if `systemFonts` is true, the system's fonts.
  ///
  /// ```swift
  /// let fonts = try FontSet(fontFiles: [inter], systemFonts: false)
  /// let png = try gauge.png(value: 42, options: RenderOptions(fonts: fonts))
  /// ```
  ///
  /// - Parameters:
  ///   - fontFiles: The bytes of font files (`.ttf`, `.otf`, `.ttc`, `.otc`), every face of
  ///     each, in order; for each text weight the faces of that weight come first.
  ///   - folders: Folders whose font files (subfolders included) come next; files that
  ///     cannot be used are skipped (the command line warns of each).
  ///   - systemFonts: Whether the system's fonts fill in for characters no other face has;
  ///     false gives the same output on every machine.
  ///   - language: A BCP 47 tag ("ja", "zh-Hant") that picks a Han face of a collection.
  /// - Throws: `GaugeError.invalidOption` for a file that is not a font GaugeKit reads (WOFF,
  ///   WOFF2 and CFF2 included, with how to convert them), or a text face that draws no digits.
  public init(
    fontFiles: [[UInt8]] = [], folders: [String] = [], systemFonts: Bool = true,
    language: String? = nil
  ) throws(GaugeError) {
    var faces: [FontFace] = []
    for (number, bytes) in fontFiles.enumerated() {
      do {
        faces += try FontFace.callerFaces(in: bytes)
      } catch {
        throw .invalidOption("font file \(number + 1): \(error)")
      }
    }
    self.init(faces: faces, folders: folders, systemFonts: systemFonts, language: language)
  }
}
