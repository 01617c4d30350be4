/// What the copies of a font set share: every face it has used, by index, and the fallback
/// answers found so far.
final class FontSetStorage: Sendable {
  /// The faces tried first for each weight, in order: the caller's, the folders', the bundled.
  let primary: [FontWeight: [Int]]
  let language: String?
  let system: SystemFontIndex?
  let skippedFiles: [(path: String, reason: String)]
  /// For each weight, the first primary face that has every printable ASCII character, which
  /// draws any text of nothing else, with its glyphs and advances for it: layout measures
  /// every text of every image, and these spare it a cmap search and a copy of the face.
  let asciiRegular: ASCIIMetrics?
  let asciiBold: ASCIIMetrics?
  /// Whether each fixed face draws colour glyphs, asked for every cluster of a non-ASCII text.
  let fixedHasColorGlyphs: [Bool]
  /// What drawing asks of each fixed face (`FaceSummary`), read without the lock.
  let fixedSummaries: [FaceSummary]

  /// The caller's, the folders' and the bundled faces: indices below their count, read
  /// without the lock.
  let fixedFaces: [FontFace]

  private let lock = Lock()
  /// System faces used so far, at indices from `fixedFaces.count` on; an index names a face
  /// for good.
  private nonisolated(unsafe) var faces: [FontFace] = []
  /// System faces already added to `faces`, by path and index in the file.
  private nonisolated(unsafe) var systemFaceIndex: [String: [Int]] = [:]
  /// Decoded colour bitmaps, by face, glyph and size.
  private nonisolated(unsafe) var bitmaps: [BitmapKey: BitmapGlyph?] = [:]

  struct BitmapKey: Hashable {
    var face: Int
    var glyph: UInt16
    var size: UInt64
  }

  /// The face found for a cluster's key, or nil where none covers it.
  private nonisolated(unsafe) var fallbacks: [FallbackKey: Int?] = [:]
  /// Widths and faces of texts already shaped (not printable ASCII, which has its own fast
  /// path): a renderer draws the same titles, labels and numbers image after image, and
  /// shaping a non-Latin text (bidi, joining) costs far more than a lookup. Emptied when it
  /// holds `measuredLimit` texts, so it never grows without bound.
  private nonisolated(unsafe) var measured: [MeasuredKey: (width: Double, faces: [Int])] = [:]
  static let measuredLimit = 1024

  struct MeasuredKey: Hashable {
    var text: String
    var weight: FontWeight
  }

  /// The width and faces of `text` as `measure` finds them, remembered.
  func measured(
    _ text: String, weight: FontWeight, measure: () -> (width: Double, faces: [Int])
  ) -> (width: Double, faces: [Int]) {
    let key = MeasuredKey(text: text, weight: weight)
    if let known = lock.withLock({ measured[key] }) { return known }
    let found = measure()
    lock.withLock {
      if measured.count >= Self.measuredLimit { measured.removeAll(keepingCapacity: true) }
      measured[key] = found
    }
    return found
  }

  struct FallbackKey: Hashable {
    var scalars: [UInt32]
    var weight: FontWeight
    var hanFace: String?
    var isEmoji: Bool
  }

  /// The largest font file read from a folder; see `SystemFontIndex.fileLimit`.
  static let fileLimit = SystemFontIndex.fileLimit

  init(callerFaces: [FontFace], folders: [String], system: SystemFontIndex?, language: String?) {
    var faces: [FontFace] = []
    var skipped: [(path: String, reason: String)] = []
    var regular: [Int] = []
    var bold: [Int] = []
    // Each tier serves both weights, its faces of the text's weight first: as a browser
    // draws a family's bold face for regular text when it has nothing else, the caller's
    // choice of font matters more than the weight.
    func addTier(_ tier: [FontFace]) {
      let first = faces.count
      faces += tier
      let indices = Array(first..<faces.count)
      regular += indices.filter { !faces[$0].isBold } + indices.filter { faces[$0].isBold }
      bold += indices.filter { faces[$0].isBold } + indices.filter { !faces[$0].isBold }
    }
    addTier(callerFaces)
    var folderFaces: [FontFace] = []
    for path in folders.flatMap({ FontFiles.fontPaths(under: $0) }) {
      do {
        folderFaces += try FontFace.faces(in: try FontFiles.read(path, limit: Self.fileLimit))
      } catch let error as FontFiles.Problem {
        skipped.append((path, error.reason))
      } catch {
        skipped.append((path, "\(error)"))
      }
    }
    addTier(folderFaces)
    faces.append(.dejaVuSans)
    regular.append(faces.count - 1)
    faces.append(.dejaVuSansBold)
    bold.append(faces.count - 1)
    fixedFaces = faces
    primary = [.regular: regular, .bold: bold]
    let ascii = (0x20..<0x7F).compactMap(Unicode.Scalar.init)
    // The face that the cluster-by-cluster choice gives every ASCII character, if it is one.
    func firstCovering(_ list: [Int]) -> Int? {
      let text = list.filter { !faces[$0].hasColorGlyphs }
      let chosen = Set(ascii.map { scalar in text.first { faces[$0].covers([scalar]) } })
      guard chosen.count == 1, let face = chosen.first else { return nil }
      return face
    }
    asciiRegular = firstCovering(regular).map { ASCIIMetrics(face: faces[$0], index: $0) }
    asciiBold = firstCovering(bold).map { ASCIIMetrics(face: faces[$0], index: $0) }
    fixedHasColorGlyphs = faces.map(\.hasColorGlyphs)
    fixedSummaries = faces.map(FaceSummary.init)
    skippedFiles = skipped
    self.system = system
    self.language = language
  }

  func face(_ index: Int) -> FontFace {
    if index < fixedFaces.count { return fixedFaces[index] }
    return lock.withLock { faces[index - fixedFaces.count] }
  }

  /// Calls `body` with face `index`: a fixed face lent without a copy (a copy retains each of
  /// its tables, which cost more than measuring a short text), a system face copied out of
  /// the lock.
  func withFace<Result>(_ index: Int, _ body: (FontFace) -> Result) -> Result {
    if index < fixedFaces.count {
      return fixedFaces.withUnsafeBufferPointer { body($0[index]) }
    }
    return body(lock.withLock { faces[index - fixedFaces.count] })
  }

  /// What drawing asks of face `index` (`FaceSummary`): a fixed face's kept one, a system
  /// face's read in place under the lock; neither copies the face.
  func summary(_ index: Int) -> FaceSummary {
    if index < fixedSummaries.count { return fixedSummaries[index] }
    return lock.withLock { FaceSummary(faces[index - fixedFaces.count]) }
  }

  /// Whether face `index` draws colour glyphs (`FontFace.hasColorGlyphs`).
  func hasColorGlyphs(_ index: Int) -> Bool {
    index < fixedFaces.count ? fixedHasColorGlyphs[index] : face(index).hasColorGlyphs
  }

  /// The printable ASCII metrics for `weight`, if one face draws all of it.
  func ascii(_ weight: FontWeight) -> ASCIIMetrics? {
    switch weight {
    case .regular: asciiRegular
    case .bold: asciiBold
    }
  }

  /// `glyph`'s colour bitmap in face `index`'s strike for `size` pixels per em, decoded once
  /// for every image that draws it; nil if the face has none or its data is malformed. At
  /// most `bitmapLimit` are kept (about 70 KB each for Noto Color Emoji); past it they are all
  /// forgotten and decoded again as needed.
  func bitmap(of glyph: UInt16, face index: Int, size: Double) -> BitmapGlyph? {
    let key = BitmapKey(face: index, glyph: glyph, size: size.bitPattern)
    if let known = lock.withLock({ bitmaps[key] }) { return known }
    let found = withFace(index) { face in
      (try? face.colorBitmaps?.bitmap(of: glyph, ppem: size)) ?? nil
    }
    lock.withLock {
      if bitmaps.count >= Self.bitmapLimit { bitmaps.removeAll() }
      bitmaps[key] = found
    }
    return found
  }

  static let bitmapLimit = 256

  /// The face for a cluster whose visible scalars are `scalars`, found once per key.
  func fallback(_ key: FallbackKey, search: () -> (path: String, face: Int)?) -> Int? {
    if let known = lock.withLock({ fallbacks[key] }) { return known }
    let found = search()
    return lock.withLock {
      if let known = fallbacks[key] { return known }
      var index: Int?
      if let found {
        index = systemFaceIndex[found.path]?[found.face]
        if index == nil, let system {
          let fileFaces = system.faces(at: found.path)
          var indices: [Int] = []
          for face in fileFaces {
            faces.append(face)
            indices.append(fixedFaces.count + faces.count - 1)
          }
          systemFaceIndex[found.path] = indices
          index = indices[found.face]
        }
      }
      fallbacks[key] = index
      return index
    }
  }
}

/// One face's glyph ids and advances for U+0020...U+007E, indexed by `byte - 0x20`.
///
/// A class, so that measuring borrows the face from a constant property: a copy of a
/// `FontFace` retains each of its tables, which costs more than measuring a short text.
final class ASCIIMetrics: Sendable {
  /// The face's index in the font set.
  let index: Int
  let face: FontFace
  let glyphs: [UInt16]
  /// Advances in font units.
  let advances: [Int]
  /// 1 / units per em: font units to ems.
  let scale: Double
  /// The kerning of every pair, at `95 * left + right` (slots, not glyphs): a GPOS search
  /// costs hundreds of instructions a pair, and layout measures every text of every image.
  /// 95 × 95 pairs, 18 KB, found once per font set, as one table (`kerning(lefts:rights:)`).
  let kerning: [Int16]

  init(face: FontFace, index: Int) {
    self.index = index
    self.face = face
    let glyphs = (0x20..<0x7F).map { face.glyph(for: Unicode.Scalar(UInt8($0))) }
    self.glyphs = glyphs
    advances = glyphs.map { face.advance(of: $0) }
    scale = 1 / Double(face.unitsPerEm)
    kerning = face.kerning(lefts: glyphs, rights: glyphs).map { Int16(clamping: $0) }
  }

  /// The kerning between the characters in slots `left` and `right` (byte - 0x20).
  func kerning(_ left: Int, _ right: Int) -> Int {
    Int(kerning[95 * left + right])
  }
}
