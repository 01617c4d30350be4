extension RunShaper {
  /// The Arabic shaper's form features, in HarfBuzz's order, each a stage of its own; the
  /// mask bit of each is `1 << (index + 1)`.
  static let arabicForms = ["isol", "fina", "fin2", "fin3", "medi", "med2", "init"]

  /// The mask bit of a joining form's feature.
  static func arabicMask(_ form: ArabicForm) -> UInt32 {
    switch form {
    case .isolated: 1 << 1
    case .final: 1 << 2
    case .medial: 1 << 5
    case .initial: 1 << 7
    }
  }

  /// An Arabic run through GSUB as HarfBuzz's Arabic shaper: `stch`; `ccmp`, `locl`; each
  /// form feature (`isol fina fin2 fin3 medi med2 init`) on the glyphs of that form; `rlig`;
  /// `rclt`, `calt`; then `mset` with the common features (`liga`, `clig`...). A face without
  /// the form features takes the Arabic Presentation Forms from its cmap instead
  /// (`ArabicJoining.presentationForms`), lam-alef included.
  static func arabic(
    _ items: [Item], face: FontFace, tags: [UInt32], isRightToLeft: Bool,
    forms: [ArabicForm?]
  ) -> GlyphBuffer {
    let layout = face.layout
    let itemForms = items.map { forms.indices.contains($0.source) ? forms[$0.source] : nil }
    let hasForms = ["isol", "fina", "medi", "init"].contains { layout.has($0, scripts: tags) }
    guard hasForms || !itemForms.contains(where: { $0 != nil && $0 != .isolated }) else {
      let scalars = items.map(\.scalar)
      let nominal = scalars.map { face.glyph(for: $0) }
      let result = ArabicJoining.presentationForms(
        nominal, scalars: scalars, forms: itemForms, face: face)
      var glyphs: [GlyphBuffer.Glyph] = []
      for (id, index) in zip(result.glyphs, result.clusters) {
        var glyph = GlyphBuffer.Glyph(id: id, cluster: items[index].cluster, scalar: scalars[index])
        (glyph.properties, glyph.markClass) = layout.properties(of: id, scalar: scalars[index])
        glyphs.append(glyph)
      }
      var buffer = GlyphBuffer(glyphs: glyphs, isRightToLeft: isRightToLeft)
      layout.substitute(
        &buffer, scripts: tags,
        stages: [["ccmp", "locl"], ["rlig"], ["rclt", "calt"], ["mset", "liga", "clig"]].map {
          $0.map { .init($0) }
        })
      return buffer
    }
    var buffer = layout.buffer(
      for: items.map(\.scalar), clusters: items.map(\.cluster), face: face,
      isRightToLeft: isRightToLeft)
    for (index, form) in itemForms.enumerated() {
      if let form { buffer.glyphs[index].mask |= arabicMask(form) }
    }
    let direction = isRightToLeft ? ["rtla", "rtlm"] : ["ltra", "ltrm"]
    var stages: [[OpenTypeLayout.Feature]] = [
      [.init("rvrn")], (direction + ["stch"]).map { .init($0) },
    ]
    stages.append([.init("ccmp"), .init("locl")])
    for (index, tag) in arabicForms.enumerated() {
      stages.append([.init(tag, mask: 1 << UInt32(index + 1))])
    }
    stages.append([.init("rlig")])
    stages.append([.init("rclt"), .init("calt")])
    // The common features not named above (ccmp, locl, rlig, calt and rclt keep their
    // earlier stages, as HarfBuzz merges a feature into its first stage).
    stages.append([.init("mset"), .init("clig"), .init("liga")])
    layout.substitute(&buffer, scripts: tags, stages: stages)
    return buffer
  }
}
