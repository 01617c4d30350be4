/// A face's OpenType layout tables (GSUB, GPOS, GDEF) and the engine that applies them to a
/// `GlyphBuffer`: what a script shaper calls (see `GlyphBuffer` for the order of calls).
///
/// The engine knows no script: it takes OpenType script tags ("arab", "dev2", "latn") and
/// stages of features, as HarfBuzz's `hb_ot_map_t` does. For each table, the language system
/// is the default one of the first script tag the table has, else DFLT, dflt or latn.
///
/// Edge cases:
/// - A face without GSUB (or GPOS) keeps its glyphs (or gets advances and its `kern`
///   table's pairs only).
/// - A malformed table or subtable applies nothing; the text keeps the glyphs it had.
package struct OpenTypeLayout: Sendable {
  /// One feature of a stage: its tag, the mask bits of the glyphs it applies to
  /// (`GlyphBuffer.globalMask` for all), and whether its lookups match within a syllable.
  package struct Feature: Sendable, Hashable {
    package var tag: UInt32
    package var mask: UInt32
    package var perSyllable: Bool

    package init(_ tag: String, mask: UInt32 = GlyphBuffer.globalMask, perSyllable: Bool = false) {
      self.tag = openTypeTag(tag)
      self.mask = mask
      self.perSyllable = perSyllable
    }
  }

  let substitutions: LayoutTable?
  let positions: LayoutTable?
  let definitions: GlyphDefinitions?

  init(reader: FontReader, tables: [String: (offset: Int, length: Int)]) {
    substitutions = tables["GSUB"].flatMap {
      LayoutTable(reader: reader, table: $0, isPositioning: false)
    }
    positions = tables["GPOS"].flatMap {
      LayoutTable(reader: reader, table: $0, isPositioning: true)
    }
    definitions = tables["GDEF"].flatMap { GlyphDefinitions(reader: reader, table: $0) }
  }

  /// Whether the face has a GSUB table the engine reads.
  package var hasSubstitutions: Bool { substitutions != nil }
  /// Whether the face has a GPOS table the engine reads.
  package var hasPositions: Bool { positions != nil }

  /// Whether `feature` exists in GSUB (or GPOS) for `scripts`.
  package func has(_ feature: String, scripts: [UInt32], positioning: Bool = false) -> Bool {
    guard let table = positioning ? positions : substitutions,
      let langSys = table.languageSystem(scripts)
    else { return false }
    return table.features(langSys).byTag[openTypeTag(feature)] != nil
  }

  /// The glyph properties of `glyph` from GDEF, or guessed from `scalar` as HarfBuzz does
  /// when the face has no glyph classes: a non-spacing mark is a mark, anything else a base.
  func properties(of glyph: UInt16, scalar: Unicode.Scalar) -> (GlyphBuffer.Properties, UInt8) {
    if let definitions, definitions.hasGlyphClasses { return definitions.properties(of: glyph) }
    return (scalar.properties.generalCategory == .nonspacingMark ? .mark : .base, 0)
  }

  /// Applies GSUB: `stages` in order, each stage's lookups (of all its features, merged
  /// and sorted by lookup index) to the glyphs whose mask has the feature's bits; the
  /// language system's required feature goes with the stage of the feature of its tag,
  /// else the first. `pause(stage, &buffer)` runs after each stage.
  package func substitute(
    _ buffer: inout GlyphBuffer, scripts: [UInt32], stages: [[Feature]],
    pause: (Int, inout GlyphBuffer) -> Void = { _, _ in }
  ) {
    guard let table = substitutions else {
      for stage in stages.indices { pause(stage, &buffer) }
      return
    }
    apply(table, &buffer, scripts: scripts, stages: stages, pause: pause)
  }

  /// Sets the advances from `hmtx`, applies GPOS `features` (one stage), zeroes the advance
  /// of every mark, and resolves mark and cursive attachments into offsets, as HarfBuzz's
  /// default positioning with marks zeroed late. Without GPOS, the face's `kern` table
  /// kerns consecutive glyphs.
  package func position(
    _ buffer: inout GlyphBuffer, face: FontFace, scripts: [UInt32], features: [Feature]
  ) {
    for index in buffer.glyphs.indices {
      buffer.glyphs[index].xAdvance = Int32(face.advance(of: buffer.glyphs[index].id))
      buffer.glyphs[index].yAdvance = 0
      buffer.glyphs[index].xOffset = 0
      buffer.glyphs[index].yOffset = 0
      buffer.glyphs[index].attachChain = 0
      buffer.glyphs[index].attachment = .none
    }
    if let table = positions {
      apply(table, &buffer, scripts: scripts, stages: [features]) { _, _ in }
    } else if buffer.glyphs.count > 1 {
      for index in 1..<buffer.glyphs.count {
        let value = face.kerningTable(
          between: buffer.glyphs[index - 1].id, and: buffer.glyphs[index].id)
        buffer.glyphs[index - 1].xAdvance &+= Int32(clamping: value)
      }
    }
    for index in buffer.glyphs.indices where buffer.glyphs[index].isMark {
      buffer.glyphs[index].xAdvance = 0
      buffer.glyphs[index].yAdvance = 0
    }
    for index in buffer.glyphs.indices {
      Self.propagateAttachment(&buffer, index, depth: LookupApplier.maximumNesting)
    }
  }

  private func apply(
    _ table: LayoutTable, _ buffer: inout GlyphBuffer, scripts: [UInt32], stages: [[Feature]],
    pause: (Int, inout GlyphBuffer) -> Void
  ) {
    let langSys = table.languageSystem(scripts)
    let (byTag, required) = langSys.map { table.features($0) } ?? ([:], nil)
    let requiredStage =
      required.flatMap { required in
        stages.firstIndex { $0.contains { $0.tag == required.tag } }
      } ?? 0
    var applier = LookupApplier(buffer: buffer, table: table, definitions: definitions)
    for (stageIndex, stage) in stages.enumerated() {
      var lookups: [Int: (mask: UInt32, perSyllable: Bool)] = [:]
      func add(_ feature: Int, _ mask: UInt32, _ perSyllable: Bool) {
        for lookup in table.lookupIndices(ofFeature: feature) {
          let old = lookups[lookup]
          lookups[lookup] = ((old?.mask ?? 0) | mask, (old?.perSyllable ?? false) || perSyllable)
        }
      }
      if let required, stageIndex == requiredStage {
        add(required.index, GlyphBuffer.globalMask, false)
      }
      for feature in stage {
        guard let index = byTag[feature.tag] else { continue }
        add(index, feature.mask, feature.perSyllable)
      }
      for lookup in lookups.keys.sorted() {
        guard applier.buffer.budget > 0 else { break }
        let (mask, perSyllable) = lookups[lookup]!
        applier.apply(lookup: lookup, mask: mask, perSyllable: perSyllable)
      }
      pause(stageIndex, &applier.buffer)
    }
    buffer = applier.buffer
  }

  /// Turns the attachment chain of the glyph at `index` into offsets from its parent's
  /// origin, as HarfBuzz's `propagate_attachment_offsets`.
  private static func propagateAttachment(_ buffer: inout GlyphBuffer, _ index: Int, depth: Int) {
    let chain = Int(buffer.glyphs[index].attachChain)
    guard chain != 0 else { return }
    let kind = buffer.glyphs[index].attachment
    buffer.glyphs[index].attachChain = 0
    let parent = index + chain
    guard buffer.glyphs.indices.contains(parent), depth > 0 else { return }
    propagateAttachment(&buffer, parent, depth: depth - 1)
    if kind == .cursive {
      buffer.glyphs[index].yOffset &+= buffer.glyphs[parent].yOffset
      return
    }
    buffer.glyphs[index].xOffset &+= buffer.glyphs[parent].xOffset
    buffer.glyphs[index].yOffset &+= buffer.glyphs[parent].yOffset
    guard parent < index else { return }
    if buffer.isRightToLeft {
      for k in parent + 1...index {
        buffer.glyphs[index].xOffset &+= buffer.glyphs[k].xAdvance
      }
    } else {
      for k in parent..<index {
        buffer.glyphs[index].xOffset &-= buffer.glyphs[k].xAdvance
      }
    }
  }
}

extension OpenTypeLayout {
  /// The run's scalars as their nominal glyphs in `face` (cmap), one per scalar, each with
  /// its cluster (`clusters[i]` for `scalars[i]`, an index into the text's scalars), the
  /// global mask, and its GDEF properties.
  ///
  /// Edge cases: a scalar the face lacks is glyph 0; `clusters` of another length than
  /// `scalars` is a programmer mistake and traps.
  package func buffer(
    for scalars: [Unicode.Scalar], clusters: [Int], face: FontFace, isRightToLeft: Bool
  ) -> GlyphBuffer {
    precondition(scalars.count == clusters.count, "a cluster per scalar")
    var glyphs: [GlyphBuffer.Glyph] = []
    glyphs.reserveCapacity(scalars.count)
    for (scalar, cluster) in zip(scalars, clusters) {
      var glyph = GlyphBuffer.Glyph(id: face.glyph(for: scalar), cluster: cluster, scalar: scalar)
      (glyph.properties, glyph.markClass) = properties(of: glyph.id, scalar: scalar)
      glyphs.append(glyph)
    }
    return GlyphBuffer(glyphs: glyphs, isRightToLeft: isRightToLeft)
  }
}
