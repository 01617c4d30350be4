/// The OpenType features of the Indic shaping model (Microsoft's "Developing OpenType Fonts
/// for Devanagari / Bengali Script", `dev2`/`bng2`), as a set: a glyph's mask says which of
/// the masked features may touch it.
package struct IndicFeatures: OptionSet, Sendable, Hashable {
  package var rawValue: UInt32
  package init(rawValue: UInt32) { self.rawValue = rawValue }

  package static let nukt = Self(rawValue: 1 << 0)
  package static let akhn = Self(rawValue: 1 << 1)
  package static let rphf = Self(rawValue: 1 << 2)
  package static let rkrf = Self(rawValue: 1 << 3)
  package static let pref = Self(rawValue: 1 << 4)
  package static let blwf = Self(rawValue: 1 << 5)
  package static let abvf = Self(rawValue: 1 << 6)
  package static let half = Self(rawValue: 1 << 7)
  package static let pstf = Self(rawValue: 1 << 8)
  package static let vatu = Self(rawValue: 1 << 9)
  package static let cjct = Self(rawValue: 1 << 10)
  package static let initial = Self(rawValue: 1 << 11)
  package static let pres = Self(rawValue: 1 << 12)
  package static let abvs = Self(rawValue: 1 << 13)
  package static let blws = Self(rawValue: 1 << 14)
  package static let psts = Self(rawValue: 1 << 15)
  package static let haln = Self(rawValue: 1 << 16)

  /// Each feature with its OpenType tag, in the order the model applies them.
  package static let tagged: [(feature: IndicFeatures, tag: String)] = [
    (.nukt, "nukt"), (.akhn, "akhn"), (.rphf, "rphf"), (.rkrf, "rkrf"), (.pref, "pref"),
    (.blwf, "blwf"), (.abvf, "abvf"), (.half, "half"), (.pstf, "pstf"), (.vatu, "vatu"),
    (.cjct, "cjct"), (.initial, "init"), (.pres, "pres"), (.abvs, "abvs"), (.blws, "blws"),
    (.psts, "psts"), (.haln, "haln"),
  ]

  /// The basic shaping forms: applied one feature at a time, in order, after initial
  /// reordering and before final reordering, each within one syllable.
  package static let basic: [IndicFeatures] = [
    .nukt, .akhn, .rphf, .rkrf, .pref, .blwf, .abvf, .half, .pstf, .vatu, .cjct,
  ]
  /// The presentation forms: applied together, after final reordering.
  package static let presentation: [IndicFeatures] = [
    .initial, .pres, .abvs, .blws, .psts, .haln,
  ]
  /// The features that apply to every glyph; the others only to glyphs whose mask has them.
  package static let global: IndicFeatures = [
    .nukt, .akhn, .rkrf, .vatu, .cjct, .pres, .abvs, .blws, .psts, .haln,
  ]

  /// The OpenType tag of a single feature, or nil for a set of other than one.
  package var tag: String? {
    Self.tagged.first { $0.feature == self }?.tag
  }
}
