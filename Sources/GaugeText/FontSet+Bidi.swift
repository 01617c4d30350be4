extension FontSet {
  /// One glyph of text that has right-to-left characters, on its way to its place.
  private struct BidiGlyph {
    var face: Int
    var id: UInt16
    /// The index in the text's scalars of the first scalar the glyph draws.
    var scalar: Int
    /// The advance in ems, kerning included.
    var advance = 0.0
  }

  /// `walk` for text with a right-to-left character: clusters get their faces and glyphs in
  /// logical order as in left-to-right text, brackets at odd levels their mirror glyph,
  /// Arabic runs their joining forms and ligatures; then the glyphs are reordered by the
  /// bidi levels (UAX #9, the paragraph direction from the first strong character) and
  /// placed left to right. Consecutive glyphs of one face at one even level kern as in
  /// left-to-right text; right-to-left glyphs do not kern.
  ///
  /// Edge cases: invisible scalars draw nothing but still take part in bidi and joining
  /// (U+200F makes a paragraph right to left, U+200D joins Arabic letters).
  func walkBidirectional(
    _ text: String, weight: FontWeight, visit: (Int, UInt16, Double) -> Void
  ) -> Double {
    let scalars = Array(text.unicodeScalars)
    let line = BidiLine(scalars)
    let forms = ArabicJoining.forms(scalars)
    let hanFace = storage.hanFace(for: text)
    var glyphs: [BidiGlyph] = []
    var start = 0
    for character in text {
      defer { start += character.unicodeScalars.count }
      guard
        let (index, found) = self.glyphs(of: character, after: glyphs.last?.face, weight, hanFace)
      else { continue }
      let face = storage.face(index)
      for (id, offset) in found {
        var id = id
        let scalar = start + offset
        // L4: a mirrored character at an odd level draws as its mirror, if the face has it.
        if line.levels[scalar] & 1 == 1, let mirror = BidiClass.mirror(of: scalars[scalar]) {
          let mirrored = face.glyph(for: mirror)
          if mirrored != 0 { id = mirrored }
        }
        glyphs.append(BidiGlyph(face: index, id: id, scalar: scalar))
      }
    }
    glyphs = joinArabicRuns(glyphs, scalars, forms)

    // Advances and kerning in logical order.
    for position in glyphs.indices {
      let face = storage.face(glyphs[position].face)
      let scale = 1 / Double(face.unitsPerEm)
      var units = face.advance(of: glyphs[position].id)
      if position + 1 < glyphs.count, glyphs[position + 1].face == glyphs[position].face,
        line.levels[glyphs[position].scalar] & 1 == 0,
        line.levels[glyphs[position + 1].scalar] == line.levels[glyphs[position].scalar]
      {
        units += face.kerning(between: glyphs[position].id, and: glyphs[position + 1].id)
      }
      glyphs[position].advance = Double(units) * scale
    }

    // L2 on glyphs: each glyph at its first scalar's level.
    let levels = glyphs.map { line.levels[$0.scalar] }
    var pen = 0.0
    for position in BidiLine.reorder(levels) {
      visit(glyphs[position].face, glyphs[position].id, pen)
      pen += glyphs[position].advance
    }
    return pen
  }

  /// `glyphs` with each maximal run of Arabic-script glyphs of one face, one glyph per
  /// scalar, put through `ArabicJoining.substitute`.
  private func joinArabicRuns(
    _ glyphs: [BidiGlyph], _ scalars: [Unicode.Scalar], _ forms: [ArabicForm?]
  ) -> [BidiGlyph] {
    var output: [BidiGlyph] = []
    var position = 0
    while position < glyphs.count {
      let first = glyphs[position]
      guard ArabicJoining.isArabic(scalars[first.scalar]) else {
        output.append(first)
        position += 1
        continue
      }
      var end = position + 1
      while end < glyphs.count, glyphs[end].face == first.face,
        glyphs[end].scalar > glyphs[end - 1].scalar,
        ArabicJoining.isArabic(scalars[glyphs[end].scalar])
      {
        end += 1
      }
      let run = Array(glyphs[position..<end])
      let result = ArabicJoining.substitute(
        run.map(\.id), scalars: run.map { scalars[$0.scalar] },
        forms: run.map { forms[$0.scalar] }, face: storage.face(first.face))
      for (id, cluster) in zip(result.glyphs, result.clusters) {
        output.append(BidiGlyph(face: first.face, id: id, scalar: run[cluster].scalar))
      }
      position = end
    }
    return output
  }
}
