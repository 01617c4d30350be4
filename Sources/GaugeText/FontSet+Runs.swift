extension FontSet {
  /// A run of text shaped as one: one face, one script, one bidi level.
  private struct TextRun {
    var face: Int
    var script: ShapingScript?
    var level: UInt8
    var items: [RunShaper.Item] = []
    /// Glyphs made without the engine (a colour face's emoji clusters and their ligatures),
    /// each with its cluster.
    var prepared: [(id: UInt16, cluster: Int)]?
  }

  /// `walk` for text that is not printable ASCII: the text cut into runs of one face (chosen
  /// per grapheme cluster), one script and one bidi level (UAX #9, the paragraph direction
  /// from the first strong character); each run shaped in logical order by `RunShaper`
  /// (GSUB, GPOS); the runs then placed in visual order (L2), a right-to-left run's glyphs
  /// reversed. `visit` gets each glyph's face, id and origin (x right, y up) in ems.
  ///
  /// Edge cases: invisible scalars draw nothing but still take part in bidi and joining
  /// (U+200F makes a paragraph right to left, U+200D joins Arabic letters).
  func walkRuns(
    _ text: String, weight: FontWeight, visit: (Int, UInt16, Double, Double) -> Void
  ) -> Double {
    let scalars = Array(text.unicodeScalars)
    let levels =
      BidiLine.needsReordering(scalars)
      ? BidiLine(scalars).levels : [UInt8](repeating: 0, count: scalars.count)
    let forms =
      scalars.contains(where: ArabicJoining.isArabic)
      ? ArabicJoining.forms(scalars) : []
    let hanFace = storage.hanFace(for: text)
    var runs: [TextRun] = []
    var start = 0
    var previousFace: Int?
    for character in text {
      defer { start += character.unicodeScalars.count }
      guard let choice = clusterFace(of: character, after: previousFace, weight, hanFace) else {
        continue
      }
      previousFace = choice.face
      let level = levels[start]
      if choice.isColor {
        let found = glyphs(of: character, after: nil, weight, hanFace)?.glyphs ?? []
        let glyphs = found.map { (id: $0.id, cluster: start) }
        if let last = runs.last, last.face == choice.face, last.level == level,
          last.prepared != nil
        {
          runs[runs.count - 1].prepared?.append(contentsOf: glyphs)
        } else {
          runs.append(TextRun(face: choice.face, script: nil, level: level, prepared: glyphs))
        }
        continue
      }
      for (offset, scalar) in character.unicodeScalars.enumerated()
      where FontSet.isVisible(scalar) || Self.isIndicJoiner(scalar, after: runs.last) {
        let index = start + offset
        let script = ShapingScript(scalar)
        let item = RunShaper.Item(scalar: scalar, source: index, cluster: index)
        if let last = runs.last, last.face == choice.face, last.level == levels[index],
          last.prepared == nil, script == nil || last.script == nil || last.script == script
        {
          runs[runs.count - 1].items.append(item)
          if last.script == nil { runs[runs.count - 1].script = script }
        } else {
          runs.append(
            TextRun(face: choice.face, script: script, level: levels[index], items: [item]))
        }
      }
    }

    var pen = 0.0
    for runIndex in BidiLine.reorder(runs.map(\.level)) {
      let run = runs[runIndex]
      let face = storage.face(run.face)
      let scale = 1 / Double(face.unitsPerEm)
      if let prepared = run.prepared {
        let order = run.level & 1 == 1 ? Array(prepared.reversed()) : prepared
        for glyph in order {
          visit(run.face, glyph.id, pen, 0)
          pen += Double(face.advance(of: glyph.id)) * scale
        }
        continue
      }
      let buffer = RunShaper.shape(
        run.items, face: face, script: run.script, isRightToLeft: run.level & 1 == 1,
        forms: forms)
      let glyphs = buffer.isRightToLeft ? Array(buffer.glyphs.reversed()) : buffer.glyphs
      for glyph in glyphs {
        visit(
          run.face, glyph.id, pen + Double(glyph.xOffset) * scale, Double(glyph.yOffset) * scale)
        pen += Double(glyph.xAdvance) * scale
      }
    }
    return pen
  }

  /// ZWJ and ZWNJ in a Devanagari or Bengali run: invisible, but they choose half and
  /// subjoined forms there, so the Indic shaper gets them (and hides their glyphs).
  private static func isIndicJoiner(_ scalar: Unicode.Scalar, after run: TextRun?) -> Bool {
    guard scalar == "\u{200C}" || scalar == "\u{200D}", let run, run.prepared == nil else {
      return false
    }
    return IndicShaper.script(of: run.script) != nil
  }
}
