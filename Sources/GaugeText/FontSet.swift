/// The faces texts are drawn in, and how one is picked for each grapheme cluster.
///
/// Faces come in this order, each list kept per weight (regular, bold):
/// 1. the caller's faces, in the order given;
/// 2. the faces found in `folders` (the command line passes `GAUGE_FONT_PATH`);
/// 3. the bundled DejaVu Sans and DejaVu Sans Bold (Latin with Latin Extended and
///    Vietnamese, Greek, Cyrillic, Armenian, Georgian, Hebrew, Arabic);
/// 4. unless `systemFonts` is false, fonts installed on the system, indexed once per process
///    and only when a cluster is covered by none of the faces before them.
///
/// A cluster is drawn from the first face that covers every visible character in it, so the
/// digits and Latin stay in the first face that has them and never move to a fallback face.
/// An emoji presentation sequence goes to a colour emoji face first. Among system fonts the
/// cluster's script picks the family (Noto Sans Arabic for Arabic), and Han characters take
/// the Japanese, Korean, Simplified or Traditional Chinese face of a collection by `language`
/// (else by kana or Hangul in the same text, else Simplified Chinese).
///
/// A font set is a value whose copies share what they load; keep one and use it for every
/// image: a new one finds and reads its fallback faces again. It is safe to use from several
/// threads at once.
///
/// Edge cases:
/// - A cluster that no face covers is drawn from the first face (its `.notdef`, a box).
/// - Invisible characters (bidi controls, joiners, variation selectors, soft hyphens) and
///   controls are never drawn and take no room.
public struct FontSet: Sendable {
  let storage: FontSetStorage

  /// A font set of the caller's faces, the faces in `folders`, the bundled faces and, if
  /// `systemFonts` is true, the system's. (The public initialiser, which reads font files,
  /// is `FontSet(fontFiles:folders:systemFonts:language:)`.)
  ///
  /// - Parameters:
  ///   - faces: Faces to use before all others, in order; for each weight, the faces of that
  ///     weight (bold: OS/2 weight class 600 and up) come first.
  ///   - folders: Folders whose font files (`.ttf`, `.otf`, `.ttc`, `.otc`, subfolders
  ///     included) come next, read when the set is made; unreadable files are skipped and
  ///     listed in ``skippedFiles``.
  ///   - systemFonts: Whether fonts installed on the system may fill in; false makes the
  ///     output the same on every machine.
  ///   - language: A BCP 47 tag ("ja", "zh-Hant") that picks the Han face of a collection.
  package init(
    faces: [FontFace] = [], folders: [String] = [], systemFonts: Bool = true,
    language: String? = nil
  ) {
    storage = FontSetStorage(
      callerFaces: faces, folders: folders,
      system: systemFonts ? SystemFontIndex.shared : nil, language: language)
  }

  /// Bundled faces, then the system's: what an image uses when the caller names no fonts.
  public static let standard = FontSet()

  /// The bundled faces only: the same output on every machine.
  public static let bundled = FontSet(systemFonts: false)

  /// Font files in `folders` that could not be used, each with the reason.
  package var skippedFiles: [(path: String, reason: String)] { storage.skippedFiles }

  /// System font files that were looked at for a fallback and could not be used, each with
  /// the reason; empty while no text has needed a system font.
  package var skippedSystemFiles: [(path: String, reason: String)] {
    storage.system?.skipped ?? []
  }

  /// Whether face `index` is one of the bundled DejaVu Sans faces.
  package func isBundled(_ index: Int) -> Bool {
    index == storage.fixedFaces.count - 1 || index == storage.fixedFaces.count - 2
  }

  /// `glyph`'s colour bitmap in face `face` at `size` pixels per em, decoded once per font
  /// set; nil if the face has none.
  package func bitmap(of glyph: UInt16, face: Int, size: Double) -> BitmapGlyph? {
    storage.bitmap(of: glyph, face: face, size: size)
  }

  /// The face a shaped glyph names.
  package func face(_ index: Int) -> FontFace { storage.face(index) }

  /// What drawing asks of the face a shaped glyph names (`FaceSummary`), without a copy of
  /// the face.
  package func summary(ofFace index: Int) -> FaceSummary { storage.summary(index) }

  /// The family names of the faces at `indices`, in that order, without repeats.
  package func familyNames(_ indices: some Sequence<Int>) -> [String] {
    var names: [String] = []
    for index in indices {
      let name = storage.face(index).familyName
      if !name.isEmpty, !names.contains(name) { names.append(name) }
    }
    return names
  }
}

extension FontSet: Hashable {
  /// Two font sets are equal when they are copies of one set.
  public static func == (left: FontSet, right: FontSet) -> Bool {
    left.storage === right.storage
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(ObjectIdentifier(storage))
  }
}
