extension IndicShaper {
  /// `items` (a run's scalars with their clusters, in logical order) shaped in `face` with
  /// the Indic model: normalized, cut into syllables, `locl ccmp`, initial reordering, each
  /// basic feature alone, final reordering, the presentation features with `calt clig rlig
  /// rclt`, then GPOS with `positionings`.
  ///
  /// Edge cases: an empty run gives an empty buffer; the script tags the face lacks are
  /// skipped (a font with `deva` only is shaped under `deva`).
  package func shape(
    _ items: [(scalar: Unicode.Scalar, cluster: Int)], face: FontFace, positionings: [String]
  ) -> GlyphBuffer {
    var buffer = substitute(items, face: face)
    face.layout.position(
      &buffer, face: face, scripts: script.tags.map(openTypeTag),
      features: positionings.map { OpenTypeLayout.Feature($0) })
    Self.hideJoiners(&buffer)
    return buffer
  }

  /// The GSUB half of `shape`: the buffer before positioning (`RunShaper` positions it
  /// with every script's GPOS features, then calls `hideJoiners`).
  package func substitute(
    _ items: [(scalar: Unicode.Scalar, cluster: Int)], face: FontFace
  ) -> GlyphBuffer {
    let font = IndicFaceQueries(face: face, script: self)
    // A ZWJ continues the cluster before it, as HarfBuzz forms clusters.
    var items = items
    for index in items.indices.dropFirst() where items[index].scalar == "\u{200D}" {
      items[index].cluster = items[index - 1].cluster
    }
    let prepared = prepare(normalized(items, font: font), font: font)
    let layout = face.layout
    var buffer = layout.buffer(
      for: prepared.map(\.scalar), clusters: prepared.map(\.cluster), face: face,
      isRightToLeft: false)
    for index in buffer.glyphs.indices {
      Self.write(prepared[index], to: &buffer.glyphs[index])
    }
    let virama = font.indicGlyph(for: script.virama)
    typealias Feature = OpenTypeLayout.Feature
    var stages: [[Feature]] = [
      [Feature("rvrn")], [Feature("locl", perSyllable: true), Feature("ccmp", perSyllable: true)],
    ]
    for feature in IndicFeatures.basic {
      stages.append([Self.feature(feature)])
    }
    stages.append(
      IndicFeatures.presentation.map { Self.feature($0) }
        + ["ltra", "ltrm", "calt", "clig", "rlig", "rclt"].map { Feature($0) })
    let initialStage = 1
    let finalStage = 1 + IndicFeatures.basic.count
    layout.substitute(&buffer, scripts: script.tags.map(openTypeTag), stages: stages) {
      stage, buffer in
      guard stage == initialStage || stage == finalStage else { return }
      var glyphs = buffer.glyphs.enumerated().map { Self.read($0.element, origin: $0.offset) }
      if stage == initialStage {
        reorderInitially(&glyphs, font: font)
      } else {
        reorderFinally(&glyphs, virama: virama)
      }
      let before = buffer.glyphs
      buffer.glyphs = glyphs.map { glyph in
        var engine = before[glyph.origin]
        Self.write(glyph, to: &engine)
        return engine
      }
    }
    return buffer
  }

  /// ZWJ and ZWNJ did their work in GSUB; as HarfBuzz removes default-ignorables (and as
  /// the font set never draws them), each that is still a glyph goes, its cluster merged
  /// into a neighbour's when it was the only glyph of it (HarfBuzz's `delete_glyph`).
  static func hideJoiners(_ buffer: inout GlyphBuffer) {
    var kept: [GlyphBuffer.Glyph] = []
    kept.reserveCapacity(buffer.glyphs.count)
    var index = 0
    while index < buffer.glyphs.count {
      let glyph = buffer.glyphs[index]
      index += 1
      guard glyph.scalar == "\u{200C}" || glyph.scalar == "\u{200D}",
        !glyph.properties.contains(.ligated)
      else {
        kept.append(glyph)
        continue
      }
      let cluster = glyph.cluster
      if index < buffer.glyphs.count, buffer.glyphs[index].cluster == cluster { continue }
      if let last = kept.last {
        guard cluster < last.cluster else { continue }
        var back = kept.count
        while back > 0, kept[back - 1].cluster == last.cluster {
          kept[back - 1].cluster = cluster
          back -= 1
        }
      } else if index < buffer.glyphs.count {
        let next = buffer.glyphs[index].cluster
        for later in index..<buffer.glyphs.count where buffer.glyphs[later].cluster == next {
          buffer.glyphs[later].cluster = min(cluster, next)
        }
      }
    }
    buffer.glyphs = kept
  }

  /// An Indic feature as the engine applies it: to every glyph if global, else to the
  /// glyphs whose mask has its bit; within one syllable.
  static func feature(_ feature: IndicFeatures) -> OpenTypeLayout.Feature {
    let mask =
      IndicFeatures.global.contains(feature) ? GlyphBuffer.globalMask : feature.rawValue << 1
    return OpenTypeLayout.Feature(feature.tag ?? "    ", mask: mask, perSyllable: true)
  }

  /// The Indic view of an engine glyph; `origin` is its index in the buffer.
  static func read(_ glyph: GlyphBuffer.Glyph, origin: Int) -> IndicGlyph {
    var indic = IndicGlyph(id: glyph.id, cluster: glyph.cluster, scalar: glyph.scalar)
    indic.category = IndicCategory(rawValue: glyph.shaperCategory) ?? .other
    indic.position = IndicPosition(rawValue: glyph.shaperPosition) ?? .end
    indic.mask = IndicFeatures(rawValue: glyph.mask >> 1)
    indic.syllable = glyph.syllable
    indic.origin = origin
    indic.ligated = glyph.properties.contains(.ligated)
    indic.multiplied = glyph.properties.contains(.multiplied)
    indic.substituted = glyph.properties.contains(.substituted)
    return indic
  }

  /// Writes what the Indic shaper decided back into an engine glyph.
  static func write(_ indic: IndicGlyph, to glyph: inout GlyphBuffer.Glyph) {
    glyph.cluster = indic.cluster
    glyph.shaperCategory = indic.category.rawValue
    glyph.shaperPosition = indic.position.rawValue
    glyph.mask = GlyphBuffer.globalMask | indic.mask.rawValue << 1
    glyph.syllable = indic.syllable
    if !indic.ligated { glyph.properties.remove(.ligated) }
    if !indic.multiplied { glyph.properties.remove(.multiplied) }
  }
}

/// The Indic shaper's questions answered by a face's character map and GSUB.
struct IndicFaceQueries: IndicFontQueries {
  let face: FontFace
  let script: IndicShaper

  func indicGlyph(for scalar: Unicode.Scalar) -> UInt16? {
    let glyph = face.glyph(for: scalar)
    return glyph == 0 ? nil : glyph
  }

  func hasIndicFeature(_ feature: IndicFeatures) -> Bool {
    guard let tag = feature.tag else { return false }
    return face.layout.has(tag, scripts: script.script.tags.map(openTypeTag))
  }

  /// Applies the feature alone to `glyphs` alone: it would substitute them when they come
  /// out different, as HarfBuzz's zero-context `would_substitute` for the new model.
  func wouldSubstitute(_ feature: IndicFeatures, _ glyphs: [UInt16]) -> Bool {
    guard let tag = feature.tag else { return false }
    var buffer = GlyphBuffer(
      glyphs: glyphs.map { GlyphBuffer.Glyph(id: $0, cluster: 0, scalar: " ") },
      isRightToLeft: false)
    for index in buffer.glyphs.indices {
      (buffer.glyphs[index].properties, buffer.glyphs[index].markClass) = face.layout
        .properties(of: glyphs[index], scalar: " ")
    }
    face.layout.substitute(
      &buffer, scripts: script.script.tags.map(openTypeTag), stages: [[.init(tag)]])
    return buffer.glyphs.map(\.id) != glyphs
  }
}
