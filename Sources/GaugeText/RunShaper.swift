/// Shapes one run (one face, one script, one direction) with the OpenType layout engine, in
/// HarfBuzz's order: clusters formed (marks join their base), the script's preprocessing
/// (Thai sara am), normalisation (marks in canonical order, composed where the face has the
/// composite), mirroring at odd levels, cmap, the script's masks, GSUB stages, GPOS.
///
/// Script shapers are the branches of `shape(_:face:script:isRightToLeft:forms:)` on the
/// script: the default shaper (Latin, Greek, Cyrillic, Hebrew, Thai, Lao and others), Arabic
/// (`RunShaper+Arabic.swift`), and Devanagari and Bengali (`IndicShaper+Layout.swift`). A new
/// script shaper adds its branch there, in a file of its own: it makes the buffer with
/// `OpenTypeLayout.buffer(for:clusters:face:isRightToLeft:)`, sets its masks, syllables and
/// categories, and calls `OpenTypeLayout.substitute(_:scripts:stages:pause:)` with its stages,
/// reordering in the pause hook; positioning is common.
package enum RunShaper {
  /// One scalar of a run on its way to the buffer.
  package struct Item: Sendable, Hashable {
    package var scalar: Unicode.Scalar
    /// The index in the text's scalars of the scalar this came from.
    package var source: Int
    /// Its cluster, an index into the text's scalars.
    package var cluster: Int

    package init(scalar: Unicode.Scalar, source: Int, cluster: Int) {
      self.scalar = scalar
      self.source = source
      self.cluster = cluster
    }
  }

  /// The default shaper's GSUB features, after `rvrn` in a stage of its own, as HarfBuzz's
  /// common and horizontal features.
  static let defaultSubstitutions = ["ccmp", "locl", "rlig", "calt", "clig", "liga", "rclt"]

  /// The default shaper's GSUB features for `script`: Hangul leaves out `calt`, as
  /// HarfBuzz's Hangul shaper and Uniscribe do (Noto Sans CJK's `calt` would give a space
  /// between Hangul words its proportional Korean form, 280 units where it is 224).
  static func defaultSubstitutions(for script: ShapingScript?) -> [String] {
    script == .hangul ? defaultSubstitutions.filter { $0 != "calt" } : defaultSubstitutions
  }
  /// The GPOS features of every shaper.
  static let positionings = ["abvm", "blwm", "mark", "mkmk", "curs", "dist", "kern"]

  /// `items` (the run's drawn scalars in logical order) shaped in `face`.
  ///
  /// - Parameters:
  ///   - forms: The Arabic joining form of each scalar of the whole text
  ///     (`ArabicJoining.forms`), indexed by `Item.source`; read for Arabic runs only.
  ///
  /// Edge cases: an empty run gives an empty buffer.
  package static func shape(
    _ items: [Item], face: FontFace, script: ShapingScript?, isRightToLeft: Bool,
    forms: [ArabicForm?]
  ) -> GlyphBuffer {
    var items = formClusters(items)
    if script == .thai || script == .lao { items = decomposeSaraAm(items) }
    items = normalize(items, face: face)
    if isRightToLeft {
      for index in items.indices {
        if let mirror = BidiClass.mirror(of: items[index].scalar), face.glyph(for: mirror) != 0 {
          items[index].scalar = mirror
        }
      }
    }
    let tags = script?.tags ?? []
    let layout = face.layout
    var buffer: GlyphBuffer
    let indic = IndicShaper.script(of: script).map(IndicShaper.init)
    if script == .arabic {
      buffer = arabic(items, face: face, tags: tags, isRightToLeft: isRightToLeft, forms: forms)
    } else if let indic {
      buffer = indic.substitute(items.map { ($0.scalar, $0.cluster) }, face: face)
    } else {
      buffer = layout.buffer(
        for: items.map(\.scalar), clusters: items.map(\.cluster), face: face,
        isRightToLeft: isRightToLeft)
      let direction = isRightToLeft ? ["rtla", "rtlm"] : ["ltra", "ltrm"]
      layout.substitute(
        &buffer, scripts: tags,
        stages: [
          [.init("rvrn")], (direction + defaultSubstitutions(for: script)).map { .init($0) },
        ])
    }
    layout.position(
      &buffer, face: face, scripts: tags, features: positionings.map { .init($0) })
    if indic != nil { IndicShaper.hideJoiners(&buffer) }
    return buffer
  }

  /// Gives each mark the cluster of the scalar before it, as HarfBuzz's `hb_form_clusters`.
  static func formClusters(_ items: [Item]) -> [Item] {
    var items = items
    for index in items.indices.dropFirst()
    where items[index].scalar.properties.generalCategory.isMark {
      items[index].cluster = items[index - 1].cluster
    }
    return items
  }

  /// Thai and Lao sara am (U+0E33, U+0EB3) as nikhahit and sara aa, the nikhahit moved
  /// before the above-base marks in front of it, as HarfBuzz's Thai shaper does.
  static func decomposeSaraAm(_ items: [Item]) -> [Item] {
    guard items.contains(where: { $0.scalar.value & ~0x80 == 0x0E33 }) else { return items }
    var output: [Item] = []
    output.reserveCapacity(items.count + 4)
    for item in items {
      guard item.scalar.value & ~0x80 == 0x0E33 else {
        output.append(item)
        continue
      }
      let lao = item.scalar.value & 0x80
      var nikhahit = item
      nikhahit.scalar = Unicode.Scalar(0x0E4D | lao)!
      var aa = item
      aa.scalar = Unicode.Scalar(0x0E32 | lao)!
      var start = output.count
      while start > 0, isAboveBaseMark(output[start - 1].scalar) { start -= 1 }
      output.append(nikhahit)
      output.append(aa)
      let end = output.count
      if start + 2 < end {
        let cluster = output[start..<end].map(\.cluster).min() ?? item.cluster
        for index in start..<end { output[index].cluster = cluster }
        output.remove(at: end - 2)
        output.insert(nikhahit, at: start)
        output[start].cluster = cluster
      } else if start > 0 {
        let cluster = output[(start - 1)..<end].map(\.cluster).min() ?? item.cluster
        for index in (start - 1)..<end { output[index].cluster = cluster }
      }
    }
    return output
  }

  /// Thai and Lao marks above the base, which a decomposed sara am's nikhahit goes before.
  private static func isAboveBaseMark(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value & ~0x80 {
    case 0x0E31, 0x0E34...0x0E37, 0x0E47...0x0E4E, 0x0E3B: true
    default: false
    }
  }
}
