/// The glyphs of one run (one face, one script, one direction) on their way through OpenType
/// layout: what the engine substitutes (GSUB) and positions (GPOS), in logical order.
///
/// Positions are in font units (the face's units per em); x grows to the right, y up, as
/// `hb-shape` prints them.
///
/// How a script shaper drives the engine (`OpenTypeLayout`), as HarfBuzz's shapers do:
/// 1. `OpenTypeLayout.buffer(for:clusters:face:isRightToLeft:)` maps the run's scalars to
///    their nominal glyphs (cmap), one glyph per scalar, each with the scalar's index in the
///    text as its cluster and `GlyphBuffer.globalMask` as its mask, and the GDEF glyph class
///    of its glyph (or a guess from the scalar's general category when the face has no GDEF).
/// 2. The shaper sets per-glyph bits in `Glyph.mask` for features that apply to some glyphs
///    only (Arabic `init` to initial letters, Indic `half` to half forms): any bit but bit 0.
/// 3. `OpenTypeLayout.substitute(_:scripts:stages:pause:)` applies GSUB: for each stage, the
///    lookups of the stage's features, merged and sorted by lookup index, each to the glyphs
///    whose mask shares a bit with the feature's; `pause` is called after each stage, where
///    the shaper may reorder glyphs or set masks (Indic reordering goes there).
/// 4. `OpenTypeLayout.position(_:face:scripts:features:)` sets the advances from `hmtx`,
///    applies GPOS (kern, mark, mkmk...), zeroes the advances of marks, and resolves
///    attachments.
///
/// `RunShaper` does all of this for the scripts it knows; its documentation says where a new
/// script shaper goes.
///
/// Edge cases:
/// - Glyphs are never added past `maximumLength`; work past `budget` is skipped: the text
///   keeps the glyphs it had.
package struct GlyphBuffer: Sendable {
  /// The mask bit every glyph has, and which global features (`ccmp`, `liga`, `kern`) use.
  package static let globalMask: UInt32 = 1

  /// GDEF glyph properties, as HarfBuzz keeps them: the class bits, then where a glyph came
  /// from.
  package struct Properties: OptionSet, Sendable, Hashable {
    package let rawValue: UInt8
    package init(rawValue: UInt8) { self.rawValue = rawValue }
    package static let base = Properties(rawValue: 0x02)
    package static let ligature = Properties(rawValue: 0x04)
    package static let mark = Properties(rawValue: 0x08)
    /// Made by a substitution.
    package static let substituted = Properties(rawValue: 0x10)
    /// Made by a ligature substitution.
    package static let ligated = Properties(rawValue: 0x20)
    /// One of the glyphs a multiple substitution made.
    package static let multiplied = Properties(rawValue: 0x40)
    /// The class bits.
    package static let classes: Properties = [.base, .ligature, .mark]
  }

  /// How a glyph hangs on another after GPOS, until `position` resolves it.
  package enum Attachment: UInt8, Sendable, Hashable {
    case none = 0
    case mark
    case cursive
  }

  /// One glyph and its position.
  package struct Glyph: Sendable, Hashable {
    package var id: UInt16
    /// The index in the text's scalars of the first scalar the glyph draws; a ligature and
    /// the marks of a cluster share the smallest of theirs.
    package var cluster: Int
    /// The scalar the glyph was made from (a ligature's first), for script shapers.
    package var scalar: Unicode.Scalar
    /// The features that may apply to the glyph: bit 0 (`globalMask`) for global features,
    /// other bits as the script shaper sets them.
    package var mask: UInt32 = GlyphBuffer.globalMask
    package var properties: Properties = []
    /// The GDEF mark attachment class (0 for none), for `MarkAttachmentType` lookup flags.
    package var markClass: UInt8 = 0
    /// The ligature the glyph is (or, for a mark, belongs to); 0 for none.
    package var ligatureID: UInt8 = 0
    /// For a mark on a ligature (or a glyph of a multiple substitution), which component
    /// of it (1-based); 0 for none.
    package var ligatureComponent: UInt8 = 0
    /// For a ligature, how many components it has; 0 for any other glyph.
    package var ligatureComponentCount: UInt8 = 0
    /// A syllable number a script shaper may set; with `perSyllable` stages a lookup only
    /// matches glyphs of the first glyph's syllable.
    package var syllable: UInt8 = 0
    /// A category a script shaper may set and read back between stages.
    package var shaperCategory: UInt8 = 0
    /// A position in its syllable a script shaper may set and read back (Indic).
    package var shaperPosition: UInt8 = 0
    /// Advances and offsets in font units; y up.
    package var xAdvance: Int32 = 0
    package var yAdvance: Int32 = 0
    package var xOffset: Int32 = 0
    package var yOffset: Int32 = 0
    /// Relative index of the glyph this one is attached to (GPOS marks and cursive).
    var attachChain: Int16 = 0
    var attachment: Attachment = .none

    package init(id: UInt16, cluster: Int, scalar: Unicode.Scalar) {
      self.id = id
      self.cluster = cluster
      self.scalar = scalar
    }

    package var isMark: Bool { properties.contains(.mark) }
    package var isLigature: Bool { properties.contains(.ligature) }
    package var isBase: Bool { properties.contains(.base) }
    /// How many components the glyph counts for in a ligature: its own count if it is a
    /// ligature, else 1.
    var componentCount: Int {
      isLigature && ligatureComponentCount > 0 ? Int(ligatureComponentCount) : 1
    }
  }

  package var glyphs: [Glyph]
  /// Whether the run reads right to left; GPOS resolves mark offsets accordingly. The glyphs
  /// stay in logical order.
  package var isRightToLeft: Bool
  /// The next ligature id (1...7, then around again, as HarfBuzz).
  var nextLigatureID: UInt8 = 1
  /// Work left, in units of about one table read (a subtable tried at a glyph, a glyph
  /// compared): `max(1,024 per glyph, 65,536)`. Real text uses far less (a 55-letter Urdu
  /// sentence in Noto Nastaliq Urdu, the heaviest font tested, about 190 a letter); a hostile
  /// font stops there, where HarfBuzz stops at `max_ops`.
  package var budget: Int
  /// The most glyphs the buffer may hold: `max(64 per glyph, 16,384)`, as `max_len`.
  package let maximumLength: Int

  package init(glyphs: [Glyph], isRightToLeft: Bool) {
    self.glyphs = glyphs
    self.isRightToLeft = isRightToLeft
    budget = Swift.max(glyphs.count * 1_024, 65_536)
    maximumLength = Swift.max(glyphs.count * 64, 16_384)
  }

  /// A fresh ligature id.
  mutating func allocateLigatureID() -> UInt8 {
    let id = nextLigatureID
    nextLigatureID = nextLigatureID >= 7 ? 1 : nextLigatureID + 1
    return id
  }

  /// Gives the glyphs in `range` the smallest cluster among them, as HarfBuzz's
  /// `merge_clusters`, extending the range over neighbours of the same clusters.
  package mutating func mergeClusters(_ range: Range<Int>) {
    guard range.count > 1 else { return }
    var start = range.lowerBound
    var end = range.upperBound
    let cluster = glyphs[range].map(\.cluster).min() ?? 0
    while end < glyphs.count, glyphs[end].cluster == glyphs[end - 1].cluster { end += 1 }
    while start > 0, glyphs[start - 1].cluster == glyphs[start].cluster { start -= 1 }
    for index in start..<end { glyphs[index].cluster = cluster }
  }
}
