extension ArabicJoining {
  /// The glyphs `face` draws a run of Arabic scalars with when it has no GSUB form
  /// features (`RunShaper.arabic` uses them otherwise): each letter's form and lam-alef
  /// pairs from the Arabic Presentation Forms (U+FB50-U+FDFF, U+FE70-U+FEFF) of its
  /// character map, where the face has them; an isolated letter keeps its own glyph.
  /// `clusters` gives, for each output glyph, the index in `scalars` of the first scalar it
  /// draws.
  ///
  /// - Parameters:
  ///   - glyphs: The face's nominal glyph of each scalar (`glyphs[i]` for `scalars[i]`).
  ///   - forms: `forms(_:)` of the scalars, computed over the whole text.
  ///
  /// Edge cases: a presentation form the face lacks leaves the nominal glyph.
  static func presentationForms(
    _ glyphs: [UInt16], scalars: [Unicode.Scalar], forms: [ArabicForm?], face: FontFace
  ) -> (glyphs: [UInt16], clusters: [Int]) {
    var output: [UInt16] = []
    var clusters: [Int] = []
    var index = 0
    while index < scalars.count {
      defer { index += 1 }
      clusters.append(index)
      // A letter's own glyph is its isolated form.
      guard let form = forms[index], form != .isolated else {
        output.append(glyphs[index])
        continue
      }
      // Lam (initial or medial) then alef (final) is one ligature, isolated or final as the
      // lam was initial or medial.
      if scalars[index] == "\u{644}", form == .initial || form == .medial,
        index + 1 < scalars.count, forms[index + 1] == .final,
        let ligature = formGlyph(
          UnicodeTables.lamAlefForms, scalars[index + 1],
          form == .initial ? .isolated : .final, face)
      {
        output.append(ligature)
        index += 1
        continue
      }
      output.append(
        formGlyph(UnicodeTables.presentationForms, scalars[index], form, face) ?? glyphs[index])
    }
    return (output, clusters)
  }

  /// The face's glyph for the presentation form of `scalar` in `form` that `table` lists,
  /// nil if there is none or the face lacks it.
  private static func formGlyph(
    _ table: [UInt32], _ scalar: Unicode.Scalar, _ form: ArabicForm, _ face: FontFace
  ) -> UInt16? {
    let key = scalar.value << 2 | UInt32(form.rawValue)
    guard let code = UnicodeTables.pairValue(table, key), let presentation = Unicode.Scalar(code)
    else { return nil }
    let glyph = face.glyph(for: presentation)
    return glyph == 0 ? nil : glyph
  }
}
