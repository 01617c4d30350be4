import GaugeKit
@_spi(Service) import GaugeModel
@_spi(Service) import GaugeSupport
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

  /// The extensions `-o` accepts, each naming its format.
  static let extensions = ".svg, .png"

  /// The extension of `-o`'s file name, lowercased and without the dot: `"jpg"` for
  /// `out.JPG`; `nil` for standard output and for a name without one (`gauge`,
  /// `/dev/stdout`, `.hidden`, `dir.d/gauge`).
  static func fileExtension(of output: OutputTarget) -> String? {
    guard case .file(let path) = output else { return nil }
    let name = path.split(separator: "/", omittingEmptySubsequences: false).last ?? ""
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
    let suffix = name[name.index(after: dot)...]
    return suffix.isEmpty ? nil : suffix.lowercased()
  }

  /// Checks that `-o`'s file name fits the image: a `.svg` or `.png` extension, or none;
  /// with `--format`, the extension (if any) must name that format.
  ///
  /// - Throws: `CLIError.usage` naming `-o`, the file and the allowed extensions.
  static func checkOutput(_ output: OutputTarget, format: ImageFormat?) throws(CLIError) {
    guard let suffix = fileExtension(of: output), case .file(let path) = output else { return }
    guard let named = ImageFormat(rawValue: suffix) else {
      throw .usage(
        "-o '\(path)': unknown extension '.\(suffix)'; allowed: \(extensions), or none "
          + "(--format then chooses)")
    }
    if let format, format != named {
      throw .usage(
        "-o '\(path)' names a .\(suffix) file but --format is \(format.rawValue); allowed: a "
          + ".\(format.rawValue) file, a name without an extension, or -")
    }
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
  /// `--font` and `--no-system-fonts`, shared by the commands that lay out or draw images.
  static func fonts(
    _ files: WritableKeyPath<Command, [String]> & Sendable,
    noSystemFonts: WritableKeyPath<Command, Bool> & Sendable
  ) -> [Option] {
    [
      .list(
        files, name: "font", .path(placeholder: "FILE"), absent: "the bundled DejaVu Sans",
        help:
          "A font file (.ttf, .otf, .ttc, .otc) whose faces come first for every text; each "
          + "character the faces lack comes from GAUGE_FONT_PATH's folders, the bundled "
          + "DejaVu Sans, then the system's fonts. The texts are measured with these faces; "
          + "a PNG draws them and an SVG names their families."),
      .flag(
        noSystemFonts, name: "no-system-fonts",
        help:
          "Use only --font, GAUGE_FONT_PATH and the bundled fonts, never the system's: the "
          + "same output on every machine."),
    ]
  }
}

extension CLIError {
  /// `--scale` with an SVG, which has no pixels to scale.
  static func scaleNeedsPNG() -> CLIError {
    .usage("--scale applies to PNG output; add --format png or write to a .png file")
  }

  /// `--scale` for an image of `width` × `height` layout pixels whose pixels, each side times
  /// the scale, would fall outside 1...8192: the drawing's own check would not name the option.
  static func scaleMisfits(_ scale: Double, width: Int, height: Int) -> CLIError? {
    guard let problem = ImageFormat.scaleProblem(scale, width: width, height: height) else {
      return nil
    }
    return .usage(problem)
  }
}

extension ImageFormat {
  /// Why `scale` cannot draw an image of `width` × `height` layout pixels, naming `--scale`
  /// and the scales that can (`ImageScale.problem`, the service's words too); nil when it can.
  static func scaleProblem(_ scale: Double, width: Int, height: Int) -> String? {
    ImageScale.problem(scale, width: width, height: height).map { "--scale: " + $0 }
  }
}

extension Inputs {
  /// The largest font file `--font` reads: DejaVu Sans whole is 740 KB; CJK fonts reach
  /// 20 MB.
  static let maximumFontSize = 32 << 20

  /// The font set of `--font`'s files (every face of each, in order), `GAUGE_FONT_PATH`'s
  /// folders (separated by ':'), the bundled faces and, unless `noSystemFonts`, the
  /// system's. Each file is read and checked once, here, so a batch does not fail every line
  /// for it; files in the folders that cannot be used get a warning each.
  static func fontSet(_ paths: [String], noSystemFonts: Bool, context: CommandIO) throws(CLIError)
    -> FontSet
  {
    var faces: [FontFace] = []
    for path in paths {
      let bytes: [UInt8]
      do {
        bytes = try context.files.read(path, limit: maximumFontSize)
      } catch {
        throw .input("--font: cannot read '\(error.path)': \(error.reason)")
      }
      faces += try callerFaces(bytes, path: path)
    }
    let folders = (context.environment["GAUGE_FONT_PATH"] ?? "").split(separator: ":")
      .map(String.init)
    // With nothing of the caller's, the library's own sets are this set: a command's options
    // have made one already (their defaults draw with `.standard`), and making it again would
    // index the faces' kerning a second time.
    if faces.isEmpty && folders.isEmpty { return noSystemFonts ? .bundled : .standard }
    let set = FontSet(faces: faces, folders: folders, systemFonts: !noSystemFonts)
    for (path, reason) in set.skippedFiles {
      context.errors.write(
        "gauge: warning: GAUGE_FONT_PATH: skipped '\(TerminalSafe.escaped(path))': "
          + "\(TerminalSafe.escaped(reason))\n")
    }
    return set
  }

  /// A warning for each system font file that a text needed to look at and could not use,
  /// once the images are drawn.
  static func warnSkippedSystemFonts(_ fonts: FontSet, context: CommandIO) {
    for (path, reason) in fonts.skippedSystemFiles {
      context.errors.write(
        "gauge: warning: skipped system font '\(TerminalSafe.escaped(path))': "
          + "\(TerminalSafe.escaped(reason))\n")
    }
  }

  /// Every face of a caller's font file, each checked to draw the digits (a readout needs
  /// them) unless it is a colour emoji face.
  static func callerFaces(_ bytes: [UInt8], path: String) throws(CLIError) -> [FontFace] {
    do {
      return try FontFace.callerFaces(in: bytes)
    } catch {
      throw .input("--font '\(TerminalSafe.escaped(path))': \(error)")
    }
  }
}
