import GaugeGeometry
import GaugeModel
import GaugeSupport
import GaugeText

extension Gauge {
  /// The gauge as an SVG image for `value`.
  ///
  /// ```swift
  /// let stress = try BuiltinPresets.gauge(named: "stress")
  /// let svg = try stress.svg(value: 42)
  /// ```
  ///
  /// - Throws: `GaugeError` for a size outside 1...8192, an animation duration outside
  ///   0...60 s, or a gauge that breaks a rule. Odd values (NaN, infinities, off-scale)
  ///   never throw: they draw the no-data or off-scale states.
  public func svg(value: Double?, options: RenderOptions = RenderOptions()) throws(GaugeError)
    -> String
  {
    String(decoding: try svgBytes(value: value, options: options), as: UTF8.self)
  }

  /// The same image as UTF-8 bytes, for servers and batch jobs that write bytes anyway: it
  /// skips building (and validating) a `String`.
  ///
  /// Calling it again and again on one gauge with the same options costs what a
  /// `GaugeSVGRenderer` costs: from the second such call on, the gauge keeps a prepared
  /// renderer for those options. Copies share it; a copy changed afterwards draws its own
  /// picture. The bytes are the same either way.
  public func svgBytes(value: Double?, options: RenderOptions = RenderOptions()) throws(GaugeError)
    -> [UInt8]
  {
    let remembered = derived.entry as? RememberedSVG
    guard let remembered, remembered.options == options, remembered.gauge == self else {
      let image = SVGSceneRenderer.document(
        of: try scene(value: value, options: options), prepared: nil)
      derived.store(RememberedSVG(gauge: forgetful, options: options, renderer: nil))
      return image
    }
    if let prepared = remembered.renderer { return try prepared.svgBytes(value: value) }
    let prepared = try GaugeSVGRenderer(gauge: forgetful, options: options)
    derived.store(RememberedSVG(gauge: remembered.gauge, options: options, renderer: prepared))
    return try prepared.svgBytes(value: value)
  }

  /// This gauge with a slot of its own: what a remembered entry keeps, so that no entry holds
  /// the slot it is stored in.
  private var forgetful: Gauge {
    var gauge = self
    gauge.derived = DerivedValue()
    return gauge
  }
}

/// What `svgBytes(value:options:)` remembers on a gauge: the gauge and options of its last
/// image and, once the same ones come a second time, a renderer prepared for them.
///
/// A gauge drawn once (a preset decoded per request) thus pays nothing to prepare; a gauge
/// kept and drawn per user pays once. Two sets of options taking turns on one gauge are
/// drawn unprepared each time rather than prepared over and over.
package struct RememberedSVG: Sendable {
  package let gauge: Gauge
  package let options: RenderOptions
  package let renderer: GaugeSVGRenderer?
}

/// Renders many images of one gauge with the same options, for backends that draw a gauge
/// per user: the gauge is checked once, and every sector's markup is written once (lit and
/// unlit), so each image writes only what depends on its value.
///
/// ```swift
/// let renderer = try GaugeSVGRenderer(gauge: stress, options: RenderOptions(width: 200, height: 200))
/// for user in users { try save(renderer.svgBytes(value: user.stress), for: user) }
/// ```
///
/// A value type holding no mutable state: share one across threads freely. Its images are
/// byte for byte those of `Gauge.svg(value:options:)`.
public struct GaugeSVGRenderer: Sendable {
  /// The gauge it draws (with the options' title, if any).
  package var gauge: Gauge { parts.scenes.gauge }
  /// The options every image is drawn with.
  package var options: RenderOptions { parts.scenes.options }
  /// What it prepared, shared by its copies: a renderer is passed around and kept in
  /// caches, and copying the parts themselves (some kilobytes) cost each image more than
  /// the copy of a reference.
  private let parts: Parts

  private final class Parts: Sendable {
    let scenes: GaugeScenes
    let ring: PreparedMarkup
    /// The known marks' elements of each state, for a static image; `nil` without them.
    let marks: PreparedMarks?
    /// The gap's texts' elements of each state, for a static image; `nil` without them.
    let gapTexts: PreparedGapTexts?
    /// What a static image's scene leaves out: the parts this renderer writes itself.
    let leaving: LeftOutParts.Kinds

    init(
      scenes: GaugeScenes, ring: PreparedMarkup, marks: PreparedMarks?,
      gapTexts: PreparedGapTexts?
    ) {
      self.scenes = scenes
      self.ring = ring
      self.marks = marks
      self.gapTexts = gapTexts
      var leaving: LeftOutParts.Kinds = .summary
      if marks != nil { leaving.insert(.knownMarks) }
      if gapTexts != nil { leaving.insert(.gapTexts) }
      // An image that follows the viewer's scheme has a style sheet, whose rules for the
      // outline's dark shades are written from its outline ring's item.
      if scenes.darkColors.isEmpty, ring.writesRings(outlinesNeeded: scenes.ownZonesNeedOutlines) {
        leaving.insert(.rings)
      }
      self.leaving = leaving
    }
  }

  /// - Throws: `GaugeError` for a gauge that breaks a rule or options out of range.
  public init(gauge: Gauge, options: RenderOptions = RenderOptions()) throws(GaugeError) {
    var scenes = try GaugeScenes(gauge: gauge, options: options, repeated: true)
    guard options.animation == nil else {
      let template = try scenes.scene(value: scenes.gauge.min)
      parts = Parts(
        scenes: scenes, ring: PreparedMarkup(template: template), marks: nil, gapTexts: nil)
      return
    }
    // A static image copies its state's known marks whole (`PreparedMarks`), so the
    // template keeps the elements of every other item. (A value in the domain: without
    // data the ring is drawn in another paint.)
    var leftOut = LeftOutParts()
    let template = scenes.scene(
      value: scenes.gauge.min, timeline: nil, leavingOut: .knownMarks, leftOut: &leftOut)
    let marks = scenes.knownMarks.isEmpty ? nil : PreparedMarks(scenes: scenes, template: template)
    let gapTexts = PreparedGapTexts(scenes: &scenes)
    parts = Parts(
      scenes: scenes, ring: PreparedMarkup(template: template), marks: marks, gapTexts: gapTexts)
  }

  /// The image for `value` as UTF-8 bytes.
  public func svgBytes(value: Double?) throws(GaugeError) -> [UInt8] {
    // The writer puts the accessible name together from the summary's parts.
    var leftOut = LeftOutParts()
    let scenes = parts.scenes
    guard scenes.options.animation == nil else {
      let timeline = try scenes.gauge.timeline(to: value, options: scenes.options)
      let scene = scenes.scene(
        value: value, timeline: timeline, leavingOut: .summary, leftOut: &leftOut)
      return SVGSceneRenderer.document(
        of: scene, prepared: parts.ring, summary: leftOut.summary.take())
    }
    let scene = scenes.scene(
      value: value, timeline: nil, leavingOut: parts.leaving, leftOut: &leftOut)
    return SVGSceneRenderer.document(
      of: scene, prepared: parts.ring,
      splice: leftOut.marks.flatMap { parts.marks?.splice($0) },
      summary: leftOut.summary.take(),
      gapTexts: leftOut.gapTexts.flatMap { parts.gapTexts?.splice($0) }, rings: leftOut.rings)
  }

  /// The image for `value` as text.
  public func svg(value: Double?) throws(GaugeError) -> String {
    String(decoding: try svgBytes(value: value), as: UTF8.self)
  }
}

/// Every ring sector's finished `<path>` element, lit and unlit, and every outline sector's
/// (the hairlines under weak zones' sectors), in one buffer, written by the same code as an
/// unprepared image's; and, for a static image, the template's other elements (the title,
/// the end labels, the unit, marks not prepared by state in `PreparedMarks`), which an image
/// copies when it draws an equal item. (Most images' scenes leave the title and the end
/// labels out, and copy them by state from `PreparedGapTexts`.) A reference: every image of
/// a prepared renderer shares it.
package final class PreparedMarkup: Sendable {
  package let bytes: [UInt8]
  /// Each ring sector's element lit, and unlit: the lit elements lie one after another in
  /// `bytes`, in sector order, and so do the unlit ones.
  package let lit: [Range<Int>]
  package let unlit: [Range<Int>]
  /// Each outline sector's element, one after another; an empty range where its zone has no
  /// outline.
  package let outline: [Range<Int>]
  /// The rings and sector times it was written for, by what their elements depend on.
  private let ring: RingShape?
  /// The ring's sector count (0 without a ring).
  let sectorCount: Int
  /// How many rings it holds (the ring and the outline ring; 0 to 2).
  let ringCount: Int
  private let outlineRing: RingShape?
  private let appearances: [Double]?
  /// The template's texts, polygons and lone sectors, each with its element; none for an
  /// animated template, whose elements depend on its own times. Kept by kind in arrays of
  /// their own, so that finding one compares structs of one kind, first by a plain key
  /// (comparing `SceneItem`s copies both sides).
  private let texts: Elements<SceneText>
  private let polygons: Elements<ScenePolygon>
  private let sectors: Elements<SceneSector>

  /// Items of one kind and the range of each one's element in `bytes`.
  private struct Elements<Item: TemplateItem>: Sendable {
    var items: [Item] = []
    /// Each item's key: compared first, it tells unequal items apart without copying them
    /// (reading an item out of an array to compare it whole copies it).
    var keys: [Item.Key] = []
    var ranges: [Range<Int>] = []

    mutating func append(_ item: Item, at range: Range<Int>) {
      items.append(item)
      keys.append(item.key)
      ranges.append(range)
    }

    /// The element of an item equal to `item`.
    func range(of item: Item) -> Range<Int>? {
      let key = item.key
      return keys.withUnsafeBufferPointer { keys in
        for index in keys.indices where keys[index] == key && items[index] == item {
          return ranges[index]
        }
        return nil
      }
    }
  }
  /// The template's accessible description and where it lies in `bytes`, escaped: every
  /// image of a renderer has the same.
  private let description: String
  private let descriptionBytes: Range<Int>
  /// What else an element's markup depends on: the classes of the dark scheme's roles and
  /// the texts' direction.
  private let darkColors: [RoleColor]
  private let direction: TextDirection
  private let fades: [Double]?
  /// The delta's look for each arrow, when the template draws a delta (`deltaLook(of:)`).
  private let deltaLooks: [DeltaLook]
  /// The families of a bold readout of printable ASCII, when one face has all of it
  /// (`readoutFamilies(of:)`).
  private let asciiReadoutFamilies: [String]?

  /// What a delta's `<text>` takes from its text besides the text itself: the families
  /// that draw it and its direction.
  struct DeltaLook: Sendable {
    /// The arrow's UTF-8, as `Gauge.deltaText` writes it before the space.
    let arrow: [UInt8]
    let families: [String]
    let isRightToLeft: Bool
  }

  package init(template scene: Scene) {
    var ring: SceneRing?
    var outlineRing: SceneRing?
    for case .ring(let found) in scene.items {
      if found.isOutline { outlineRing = found } else { ring = found }
    }
    self.ring = ring.map(RingShape.init)
    sectorCount = ring?.count ?? 0
    ringCount = (ring == nil ? 0 : 1) + (outlineRing == nil ? 0 : 1)
    self.outlineRing = outlineRing.map(RingShape.init)
    appearances = scene.timeline?.sectorAppearances
    fades = scene.timeline?.sectorFades
    var writer = SVGWriter(capacity: (ring?.count ?? 0) * 390)
    var lit: [Range<Int>] = []
    var unlit: [Range<Int>] = []
    var outline: [Range<Int>] = []
    if let ring {
      var tracer = ring.tracer
      // Every lit element, then every unlit one: a run of sectors lit alike is then one run
      // of bytes, which an image copies at once.
      for isLit in [true, false] {
        for index in 0..<ring.count {
          let start = writer.count
          SVGSceneRenderer.sector(
            index, of: ring, lit: isLit, in: scene, tracer: &tracer, into: &writer)
          if isLit { lit.append(start..<writer.count) } else { unlit.append(start..<writer.count) }
        }
      }
    }
    if let outlineRing {
      var tracer = outlineRing.tracer
      for index in 0..<outlineRing.count {
        let start = writer.count
        SVGSceneRenderer.outlineSector(
          index, of: outlineRing, in: scene, tracer: &tracer, into: &writer)
        outline.append(start..<writer.count)
      }
    }
    description = scene.description
    let descriptionStart = writer.count
    writer.text(scene.description)
    descriptionBytes = descriptionStart..<writer.count
    var texts = Elements<SceneText>()
    var polygons = Elements<ScenePolygon>()
    var sectors = Elements<SceneSector>()
    if scene.timeline == nil {
      var renderer = SVGSceneRenderer(scene: scene)
      renderer.out = writer
      for item in scene.items {
        let start = renderer.out.count
        switch item {
        case .text(let text) where !Self.followsValue(text):
          renderer.draw(item)
          texts.append(text, at: start..<renderer.out.count)
        case .polygon(let polygon):
          renderer.draw(item)
          polygons.append(polygon, at: start..<renderer.out.count)
        case .sector(let sector):
          renderer.draw(item)
          sectors.append(sector, at: start..<renderer.out.count)
        default:
          break
        }
      }
      writer = renderer.out
    }
    self.texts = texts
    self.polygons = polygons
    self.sectors = sectors
    darkColors = scene.darkColors
    direction = scene.direction
    let drawsDelta = scene.items.contains { item in
      guard case .text(let text) = item else { return false }
      return text.role == .delta
    }
    deltaLooks =
      !drawsDelta
      ? []
      : (-1...1).map { direction in
        let sample = Gauge.deltaText("0", direction: direction)
        return DeltaLook(
          arrow: Array(sample.utf8.prefix { $0 != UInt8(ascii: " ") }),
          families: scene.fonts.svgFamilies(ofDelta: sample, weight: .bold),
          isRightToLeft: BidiLine.isRightToLeft(sample))
      }
    asciiReadoutFamilies =
      scene.fonts.hasASCIIFace(.bold) ? scene.fonts.svgFamilies(of: "0", weight: .bold) : nil
    bytes = writer.finishBytes()
    self.lit = lit
    self.unlit = unlit
    self.outline = outline
  }

  /// Copies the elements of the outline ring's first `lit` sectors (its lit ones): they lie
  /// in sector order, one run.
  func writeOutline(lit: Int, into out: inout SVGWriter) {
    let lit = Swift.min(lit, outline.count)
    guard lit > 0 else { return }
    let run = outline[0].lowerBound..<outline[lit - 1].upperBound
    bytes.withUnsafeBufferPointer { bytes in
      out.append(UnsafeBufferPointer(rebasing: bytes[run]))
    }
  }

  /// Copies the ring's elements, lit where `SceneRing.isLit` says for these bounds: each run
  /// of sectors lit alike is one run of bytes (`lit`, `unlit`).
  func writeRing(litStart: Int, litCount: Int, concealed: Range<Int>, into out: inout SVGWriter) {
    // The ranges borrowed once: choosing an array per run would retain it each time.
    bytes.withUnsafeBufferPointer { bytes in
      lit.withUnsafeBufferPointer { lit in
        unlit.withUnsafeBufferPointer { unlit in
          SceneRing.forEachRun(
            count: sectorCount, litStart: litStart, litCount: litCount, concealed: concealed
          ) { sectors, isLit in
            let elements = isLit ? lit : unlit
            let first = elements[sectors.lowerBound].lowerBound
            let end = elements[sectors.upperBound - 1].upperBound
            out.append(UnsafeBufferPointer(rebasing: bytes[first..<end]))
          }
        }
      }
    }
  }

  /// Writes the rings a still image's scene left out: the outline's lit sectors (where it
  /// is drawn), then the ring, as `SVGSceneRenderer` writes rings that fit.
  func writeRings(_ slot: RingSlot, into out: inout SVGWriter) {
    if slot.outlined { writeOutline(lit: slot.litCount, into: &out) }
    writeRing(litStart: slot.litStart, litCount: slot.litCount, concealed: 0..<0, into: &out)
  }

  /// Whether every still image's rings may be left out of its scene (`RingSlot`): the
  /// template drew the ring, and the outline too where the ring's zones need one.
  func writesRings(outlinesNeeded: Bool) -> Bool {
    sectorCount > 0 && (!outlinesNeeded || !outline.isEmpty)
  }

  /// Whether the template's elements may stand in for `scene`'s equal items: a static image
  /// of the same dark-scheme classes and text direction.
  func elementsFit(_ scene: Scene) -> Bool {
    !(texts.items.isEmpty && polygons.items.isEmpty && sectors.items.isEmpty)
      && scene.timeline == nil
      && scene.direction == direction && scene.darkColors == darkColors
  }

  /// Where `description`, escaped, lies in `bytes`, if it is the template's; `nil` otherwise.
  func description(_ description: String) -> Range<Int>? {
    description == self.description ? descriptionBytes : nil
  }

  /// The template's element for a text equal to one it drew (`elementsFit` first).
  func element(for text: SceneText) -> Range<Int>? {
    Self.followsValue(text) ? nil : texts.range(of: text)
  }

  /// The template's element for a polygon equal to one it drew (`elementsFit` first).
  func element(for polygon: ScenePolygon) -> Range<Int>? {
    polygons.range(of: polygon)
  }

  /// The template's element for a lone sector equal to one it drew (`elementsFit` first).
  func element(for sector: SceneSector) -> Range<Int>? {
    sectors.range(of: sector)
  }

  /// The look of a bold delta made of one of the arrows, a space and a number in plain ASCII
  /// (no letters), worked out once per arrow: such a number is drawn in the one face that
  /// has all of ASCII and holds no strong direction, so it changes neither the families nor
  /// the direction of a delta of "0". `nil` for any other text.
  func deltaLook(of text: String) -> DeltaLook? {
    guard !deltaLooks.isEmpty else { return nil }
    let found = text.utf8.withContiguousStorageIfAvailable { bytes -> DeltaLook? in
      guard let space = bytes.firstIndex(of: UInt8(ascii: " ")) else { return nil }
      for byte in bytes[(space + 1)...] {
        let letter = (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
        guard byte >= 0x20, byte < 0x7F, !letter else { return nil }
      }
      for look in deltaLooks
      where look.arrow.count == space && bytes[..<space].elementsEqual(look.arrow) {
        return look
      }
      return nil
    }
    return found ?? nil
  }

  /// The families of a bold readout of printable ASCII ("42", "-3.5", "1,234"), worked out
  /// once: one face draws every such text, so all have the families of "0", and none is
  /// right to left (ASCII's only strong characters, its letters, are left to right). `nil`
  /// for any other text (the empty one too), or where no face has all of ASCII.
  func readoutFamilies(of text: String) -> [String]? {
    guard let families = asciiReadoutFamilies else { return nil }
    let plain = text.utf8.withContiguousStorageIfAvailable { bytes in
      !bytes.isEmpty && bytes.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
    }
    return plain == true ? families : nil
  }

  /// Whether a text changes with the value (the readout, its lines, the delta): the
  /// template's would stand in for one image in a hundred, and looking for it costs every
  /// image more than writing it costs that one, so it is neither kept nor looked for.
  private static func followsValue(_ text: SceneText) -> Bool {
    text.role == .readout || text.role == .readoutLine || text.role == .delta
  }

  /// Whether the markup was written for `ring` (any lit count or opacity) and these sector
  /// times: an animation's times follow its pointer, so an animated image seldom fits.
  func fits(_ ring: SceneRing, appearances: [Double]?, fades: [Double]? = nil) -> Bool {
    // A still image has no times on either side: not compared, as comparing optional
    // arrays goes through generic code.
    if appearances != nil || fades != nil || self.appearances != nil || self.fades != nil {
      guard appearances == self.appearances, fades == self.fades else { return false }
    }
    return ring.isOutline
      ? outlineRing?.matches(ring) ?? false : self.ring?.matches(ring) ?? false
  }
}

/// What a ring's elements depend on but for its lit sectors and opacity: kept by a prepared
/// renderer, so that an image's ring is compared field by field without a copy of either.
private struct RingShape: Sendable {
  let count: Int
  let center: Point
  let outerRadius: Double
  let innerRadius: Double
  let origin: Double
  let step: Double
  let colors: RingColors
  let track: Paint
  let padWidth: Double
  let cornerRadius: Double
  let offset: Int

  init(_ ring: SceneRing) {
    count = ring.count
    center = ring.center
    outerRadius = ring.outerRadius
    innerRadius = ring.innerRadius
    origin = ring.origin
    step = ring.step
    colors = ring.colors
    track = ring.track
    padWidth = ring.padWidth
    cornerRadius = ring.cornerRadius
    offset = ring.offset
  }

  /// Whether `ring` is this one but for its lit sectors and opacity.
  func matches(_ ring: SceneRing) -> Bool {
    count == ring.count && center == ring.center && outerRadius == ring.outerRadius
      && innerRadius == ring.innerRadius && origin == ring.origin && step == ring.step
      && track == ring.track && padWidth == ring.padWidth && cornerRadius == ring.cornerRadius
      && offset == ring.offset && colors == ring.colors
  }
}

/// A kind of item whose element a prepared renderer's template may hold, with a plain value
/// that equal items share (`PreparedMarkup.Elements`).
private protocol TemplateItem: Equatable, Sendable {
  associatedtype Key: Equatable & Sendable
  var key: Key { get }
}

extension SceneText: TemplateItem {
  fileprivate var key: Point { position }
}

extension ScenePolygon: TemplateItem {
  fileprivate var key: Point? { points.first }
}

extension SceneSector: TemplateItem {
  fileprivate var key: AnnularSector { sector }
}
