extension ArabicJoining {
  /// The glyphs `face` draws a run of Arabic scalars with, in logical order: each letter's
  /// form through the face's GSUB `isol`, `fina`, `medi` and `init` lookups (Arabic script,
  /// default language), applied only to the letters of that form, then its `rlig` and
  /// `liga` ligatures (lam-alef). A face with none of the form features takes the Arabic
  /// Presentation Forms (U+FB50-U+FDFF, U+FE70-U+FEFF) from its character map instead,
  /// lam-alef ligatures included; an isolated letter keeps its own glyph. `clusters` gives, for each output glyph, the index in
  /// `scalars` of the first scalar it draws.
  ///
  /// - Parameters:
  ///   - glyphs: The face's nominal glyph of each scalar (`glyphs[i]` for `scalars[i]`).
  ///   - forms: `forms(_:)` of the scalars, computed over the whole text.
  ///
  /// Edge cases:
  /// - A GSUB that turns out malformed leaves the nominal glyphs (see
  ///   `LigatureSubstitution`); a presentation form the face lacks leaves the nominal glyph.
  /// - GDEF classes and lookup flags are not read: a mark between lam and alef stops the
  ///   ligature, where HarfBuzz would skip it for fonts whose lookups ignore marks.
  package static func substitute(
    _ glyphs: [UInt16], scalars: [Unicode.Scalar], forms: [ArabicForm?], face: FontFace
  ) -> (glyphs: [UInt16], clusters: [Int]) {
    precondition(glyphs.count == scalars.count && forms.count == scalars.count)
    guard let arabic = face.arabicLookups else {
      return presentationForms(glyphs, scalars: scalars, forms: forms, face: face)
    }
    var glyphs = glyphs
    var clusters = Array(glyphs.indices)
    var found = false
    for form in ArabicForm.allCases {
      let mask = clusters.map { forms[$0] == form }
      guard mask.contains(true), let lookups = arabic.forms[form] else { continue }
      found = true
      let result = lookups.apply(to: glyphs, where: mask)
      glyphs = result.glyphs
      clusters = result.clusters.map { clusters[$0] }
    }
    guard found || !forms.contains(where: { $0 != nil && $0 != .isolated }) else {
      return presentationForms(glyphs, scalars: scalars, forms: forms, face: face)
    }
    if let ligatures = arabic.ligatures {
      let result = ligatures.apply(to: glyphs)
      glyphs = result.glyphs
      clusters = result.clusters.map { clusters[$0] }
    }
    return (glyphs, clusters)
  }

  /// The presentation-form fallback of `substitute`: each letter's form and lam-alef pairs
  /// from the character map, where the face has them.
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
