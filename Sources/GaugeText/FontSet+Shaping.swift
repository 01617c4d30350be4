extension FontSet {
  /// `text` as glyphs: each grapheme cluster from the face chosen for it, with the kerning
  /// of consecutive glyphs of one face, left to right in the text's order.
  ///
  /// Edge cases:
  /// - Empty text, or text of invisible characters only, has no glyphs and width 0.
  /// - Controls (C0, C1, DEL, U+2028, U+2029) and default-ignorable characters are never
  ///   drawn; a cluster of nothing else is skipped.
  package func shape(_ text: String, weight: FontWeight) -> ShapedText {
    var shaped = ShapedText()
    shaped.width = walk(text, weight: weight) { face, glyph, x, y in
      shaped.glyphs.append(.init(face: face, id: glyph, x: x, y: y))
      if shaped.faces.last != face, !shaped.faces.contains(face) { shaped.faces.append(face) }
    }
    return shaped
  }

  /// The advance width of `text` in ems, as `shape(_:weight:)` sets it, without keeping the
  /// glyphs: what layout calls for every text of every image.
  package func width(of text: String, weight: FontWeight) -> Double {
    // Printable ASCII has a fast path of its own; anything else is shaped once.
    if let ascii = asciiMetrics(of: text, weight) {
      return Self.walkASCII(text, ascii) { _, _, _ in }
    }
    return measured(text, weight: weight).width
  }

  /// The width and faces of a text that is not printable ASCII, shaped once per font set.
  private func measured(_ text: String, weight: FontWeight) -> (width: Double, faces: [Int]) {
    storage.measured(text, weight: weight) {
      let shaped = shape(text, weight: weight)
      return (shaped.width, shaped.faces)
    }
  }

  /// Calls `visit` with each glyph's face, id and origin in ems (x from the text's start,
  /// y up from the baseline), and returns the advance.
  private func walk(
    _ text: String, weight: FontWeight, visit: (Int, UInt16, Double, Double) -> Void
  ) -> Double {
    if let ascii = asciiMetrics(of: text, weight) {
      return Self.walkASCII(text, ascii) { visit($0, $1, $2, 0) }
    }
    return walkRuns(text, weight: weight, visit: visit)
  }

  /// Whether one face has all of printable ASCII at `weight`: every text of only that is then
  /// drawn in it alone (`faceIndices(of:weight:)` gives that face), whatever its characters.
  package func hasASCIIFace(_ weight: FontWeight) -> Bool {
    storage.ascii(weight) != nil
  }

  /// The metrics of the face that has all of printable ASCII, when `text` is only that.
  private func asciiMetrics(of text: String, _ weight: FontWeight) -> ASCIIMetrics? {
    guard let ascii = storage.ascii(weight),
      text.utf8.allSatisfy({ (0x20..<0x7F).contains($0) })
    else { return nil }
    return ascii
  }

  /// Printable ASCII in a face that has all of it: no clusters to find, one face to ask.
  private static func walkASCII(
    _ text: String, _ ascii: ASCIIMetrics, _ visit: (Int, UInt16, Double) -> Void
  ) -> Double {
    var units = 0
    var previous: Int?
    for byte in text.utf8 {
      let slot = Int(byte &- 0x20)
      if let previous { units += ascii.kerning(previous, slot) }
      visit(ascii.index, ascii.glyphs[slot], Double(units) * ascii.scale)
      units += ascii.advances[slot]
      previous = slot
    }
    return Double(units) * ascii.scale
  }

  /// The face for `character` and its glyphs, each with the index in the character's
  /// scalars of the scalar it draws; nil for a cluster of invisible scalars only.
  /// `previousFace` is the face of the cluster before it, which spaces and punctuation keep.
  func glyphs(
    of character: Character, after previousFace: Int?, _ weight: FontWeight, _ hanFace: String?
  ) -> (face: Int, glyphs: [(id: UInt16, scalar: Int)])? {
    let visibleIndices = character.unicodeScalars.enumerated().filter {
      FontSet.isVisible($0.element)
    }
    guard let choice = clusterFace(of: character, after: previousFace, weight, hanFace) else {
      return nil
    }
    let index = choice.face
    let face = storage.face(index)
    guard choice.isColor else {
      return (index, visibleIndices.map { (face.glyph(for: $0.element), $0.offset) })
    }
    // The whole sequence, joiners and tags included, becomes the face's ligature (a ZWJ
    // sequence, a flag, a keycap); U+FE0F only chose the emoji face, as cmap format 14
    // folds it away in HarfBuzz.
    let sequence = Array(character.unicodeScalars.filter { $0.value != 0xFE0F })
    var clusters = Array(sequence.indices)
    var glyphs = sequence.map { face.glyph(for: $0) }
    if let ligatures = face.emojiLigatures {
      (glyphs, clusters) = ligatures.apply(to: glyphs)
    }
    // What formed no ligature and is invisible (a lone joiner or tag) is not drawn.
    glyphs = zip(glyphs, clusters).filter { FontSet.isVisible(sequence[$0.1]) }.map(\.0)
    return (index, glyphs.map { ($0, 0) })
  }

  /// The face chosen for `character` (see `glyphs(of:after:_:_:)`), and whether it is an
  /// emoji drawn from a colour face; nil for a cluster of invisible scalars only.
  func clusterFace(
    of character: Character, after previousFace: Int?, _ weight: FontWeight, _ hanFace: String?
  ) -> (face: Int, isColor: Bool)? {
    let visible = Array(character.unicodeScalars.filter(FontSet.isVisible))
    guard !visible.isEmpty else { return nil }
    let isEmoji = FontSet.isEmojiPresentation(character)
    var index = faceIndex(for: visible, isEmoji: isEmoji, weight: weight, hanFace: hanFace)
    // Spaces and punctuation belong to the run around them, as script itemisation in
    // browsers and Pango has it: a space between two Japanese words keeps the Japanese
    // face's width. Letters and digits always take their own first face.
    if let previousFace, previousFace != index, FontSet.joinsRun(visible),
      !storage.hasColorGlyphs(previousFace), storage.withFace(previousFace, { $0.covers(visible) })
    {
      index = previousFace
    }
    return (index, isEmoji && storage.face(index).hasColorGlyphs)
  }

  /// The face for a cluster: the first primary face covering it (a colour face first for an
  /// emoji, and only then), else a system face, else the first face.
  private func faceIndex(
    for scalars: [Unicode.Scalar], isEmoji: Bool, weight: FontWeight, hanFace: String?
  ) -> Int {
    let primary = storage.primary[weight] ?? []
    if isEmoji {
      for index in primary where storage.hasColorGlyphs(index) {
        if storage.withFace(index, { $0.covers([scalars[0]]) }) { return index }
      }
      if let found = storage.systemFace(
        for: [scalars[0]], weight: weight, hanFace: nil, isEmoji: true)
      {
        return found
      }
    }
    for index in primary where !storage.hasColorGlyphs(index) {
      if storage.withFace(index, { $0.covers(scalars) }) { return index }
    }
    if let found = storage.systemFace(
      for: scalars, weight: weight, hanFace: hanFace, isEmoji: false)
    {
      return found
    }
    // Nothing covers the whole cluster: the first face with its base character, else the
    // first face's .notdef.
    for index in primary where storage.withFace(index, { $0.covers([scalars[0]]) }) {
      return index
    }
    return primary.first ?? 0
  }

  /// Whether a scalar is drawn at all (`InvisibleScalars.isDrawnAsNothing`, Unicode's own
  /// data: controls, separators and default-ignorables are not).
  package static func isVisible(_ scalar: Unicode.Scalar) -> Bool {
    !InvisibleScalars.isDrawnAsNothing(scalar)
  }

  /// Whether a cluster is an emoji presentation sequence: an emoji that presents as one by
  /// default, or one followed by U+FE0F, a keycap, a flag, a skin tone or a ZWJ sequence;
  /// U+FE0E asks for text presentation.
  package static func isEmojiPresentation(_ character: Character) -> Bool {
    let scalars = character.unicodeScalars
    guard let first = scalars.first else { return false }
    var hasEmojiMark = false
    for scalar in scalars {
      switch scalar.value {
      case 0xFE0E: return false
      case 0xFE0F, 0x20E3, 0x1F3FB...0x1F3FF, 0x1F1E6...0x1F1FF, 0xE0020...0xE007F:
        hasEmojiMark = true
      case 0x200D: hasEmojiMark = hasEmojiMark || first.properties.isEmoji
      default: continue
      }
    }
    return hasEmojiMark || first.properties.isEmojiPresentation
  }
}

extension FontSet {
  /// The faces that draw `text`, in order of first use; for printable ASCII, without shaping.
  package func faceIndices(of text: String, weight: FontWeight) -> [Int] {
    if let ascii = asciiMetrics(of: text, weight) { return text.isEmpty ? [] : [ascii.index] }
    return measured(text, weight: weight).faces
  }
}

extension FontSet {
  /// Whether a cluster is white space or punctuation (Unicode's Common script, less the
  /// digits and symbols), which stays in the face of the run it stands in.
  static func joinsRun(_ scalars: [Unicode.Scalar]) -> Bool {
    scalars.allSatisfy { scalar in
      switch scalar.properties.generalCategory {
      case .spaceSeparator, .otherPunctuation, .dashPunctuation, .openPunctuation,
        .closePunctuation, .initialPunctuation, .finalPunctuation, .connectorPunctuation:
        return scalar.value < 0x2E80 || scalar.value > 0x9FFF
      default:
        return false
      }
    }
  }
}
