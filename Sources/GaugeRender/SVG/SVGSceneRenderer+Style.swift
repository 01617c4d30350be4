import GaugeGeometry
import GaugeModel
import GaugeSupport

/// The style sheet: dark-scheme colours and the animation, CSS only, no script.
///
/// Every animated element's own attributes are its final state, and the animations only run
/// from the start state into it. So viewers that ignore CSS animations, and viewers that ask
/// for reduced motion (where the animations are switched off), show the final picture.
extension SVGSceneRenderer {
  mutating func styleSheet() {
    out.raw("<style>")
    if !scene.darkColors.isEmpty {
      out.raw("@media (prefers-color-scheme:dark){")
      for entry in scene.darkColors {
        if let letter = SVGSceneRenderer.letter(entry.role, in: scene) {
          out.fillRule(letter, entry.color)
        }
      }
      darkStrokeRules()
      darkOutlineRules()
      out.raw("}")
    }
    if let timeline = scene.timeline { animationRules(timeline) }
    if scene.timeline?.revealsRings == true,
      let track = scene.darkColors.first(where: { $0.role == .track })
    {
      // Sectors turn from the dark scheme's track: after the light keyframes, as the last
      // keyframes of a name are the ones that apply.
      out.raw("@media (prefers-color-scheme:dark){")
      trackKeyframes(track.color)
      out.raw("}")
    }
    out.raw("</style>\n")
  }

  private mutating func animationRules(_ timeline: SceneTimeline) {
    if let reveal = timeline.reveal { revealRules(reveal) }
    if timeline.revealsRings {
      // Each lit sector turns from the track's colour to its own at its own delay (set on
      // the element), so the empty track shows under the sweep; each outline fades in with
      // its sector.
      out.selector("s")
      out.raw("{animation:")
      out.scope()
      out.raw("-a ")
      out.milliseconds(timeline.sectorFade)
      out.raw(" linear backwards}")
      trackKeyframes(mainRing?.track.color ?? Color(red: 0, green: 0, blue: 0, alpha: 0))
      if timeline.ringAppears
        || scene.items.contains(where: {
          if case .ring(let ring) = $0 { ring.isOutline } else { false }
        })
      {
        out.selector("o")
        out.raw("{animation:")
        out.scope()
        out.raw("-o ")
        out.milliseconds(timeline.sectorFade)
        out.raw(" linear backwards}@keyframes ")
        out.scope()
        out.raw("-o{from{opacity:0}}")
      }
    }
    if let sweep = timeline.pointerSweep { pointerRules(sweep) }
    for (index, sweep) in timeline.otherSweeps.enumerated() { pointerRules(sweep, other: index) }
    var during = false
    var from = false
    for item in scene.items {
      if case .sector(let sector) = item, sector.appearsAt != nil { from = true }
      guard case .text(let text) = item else { continue }
      switch text.window {
      case .during?: during = true
      case .from?: from = true
      case nil: break
      }
    }
    if during {
      // Readout frames: each is hidden but shown during its own window.
      out.selector("f")
      out.raw("{visibility:hidden;animation:")
      out.scope()
      out.raw("-v step-end}@keyframes ")
      out.scope()
      out.raw("-v{from,to{visibility:visible}}")
    }
    if from { out.hiddenUntilDurationRule() }
    out.reducedMotionRule()
  }

  /// The ring that is not an outline, if any.
  private var mainRing: SceneRing? {
    for case .ring(let ring) in scene.items where !ring.isOutline { return ring }
    return nil
  }

  /// `@keyframes SCOPE-a{from{fill:TRACK}}`: where a lit sector's colour starts.
  private mutating func trackKeyframes(_ track: Color) {
    out.raw("@keyframes ")
    out.scope()
    out.raw("-a{from{fill:")
    out.color(track)
    if !track.isOpaque {
      out.raw(";fill-opacity:")
      out.decimal(Double(track.alpha) / 255, places: 2)
    }
    out.raw("}}")
  }

  /// `.SCOPE .ls{stroke:#RRGGBB}` for each role whose strokes (tick marks) the dark scheme
  /// recolours: their colour is a stroke's, which a fill rule would not reach.
  private mutating func darkStrokeRules() {
    var done: Set<PaintRole> = []
    for case .strokes(let strokes) in scene.items {
      let role = strokes.paint.role
      guard !done.contains(role), let letter = SVGSceneRenderer.letter(role, in: scene),
        let dark = scene.darkColors.first(where: { $0.role == role })
      else { continue }
      done.insert(role)
      out.byte(UInt8(ascii: "."))
      out.scope()
      out.raw(" .")
      out.raw(letter)
      out.raw("s{stroke:")
      out.color(dark.color)
      out.raw("}")
    }
  }

  /// Each outline colour the dark scheme changes: `.SCOPE .oN{fill:#RRGGBB;fill-opacity:1}`,
  /// or `{fill-opacity:0}` where the dark scheme needs no outline.
  private mutating func darkOutlineRules() {
    for case .ring(let ring) in scene.items where ring.isOutline && !ring.darkPalette.isEmpty {
      let used = Set(ring.zones.prefix(ring.litCount))
      for (zone, dark) in ring.darkPalette.enumerated() where used.contains(zone) {
        let light = ring.palette[zone].color
        guard dark != light, light.alpha > 0 || dark.alpha > 0 else { continue }
        out.byte(UInt8(ascii: "."))
        out.scope()
        out.raw(" .o")
        out.integer(zone)
        if dark.alpha == 0 {
          out.raw("{fill-opacity:0}")
        } else {
          out.raw("{fill:")
          out.color(dark)
          out.raw(";fill-opacity:1}")
        }
      }
    }
  }

  /// `.n` and its keyframes `-p` for the pointer; `.nK` and `-pK` for other pointer K − 1.
  private mutating func pointerRules(_ sweep: PointerSweep, other: Int? = nil) {
    out.selector("n")
    if let other { out.integer(other + 1) }
    out.raw("{transform-box:view-box;transform-origin:")
    out.number(sweep.center.x)
    out.raw("px ")
    out.number(sweep.center.y)
    out.raw("px;animation:")
    out.scope()
    out.raw("-p")
    if let other { out.integer(other + 1) }
    out.raw(" ")
    out.milliseconds(sweep.duration)
    out.raw(" linear both}@keyframes ")
    out.scope()
    out.raw("-p")
    if let other { out.integer(other + 1) }
    out.raw("{")
    for keyframe in sweep.keyframes {
      out.decimal(keyframe.time / sweep.duration * 100, places: 2)
      out.raw("%{transform:rotate(")
      out.decimal(keyframe.angle - sweep.finalAngle, places: 2)
      out.raw("deg)}")
    }
    out.raw("}")
  }

  /// The sweep: while it runs, the sectors are masked by a circle whose dash grows clockwise
  /// from 12 o'clock; once it ends, no mask applies at all, so the final picture is exactly
  /// the static one (and viewers without CSS animation show it from the start).
  private mutating func revealRules(_ reveal: SweepReveal) {
    out.selector("k")
    out.raw("{animation:")
    out.scope()
    out.raw("-k ")
    out.milliseconds(reveal.duration)
    out.raw(" linear}@keyframes ")
    out.scope()
    out.raw("-k{from,to{mask:url(#")
    out.scope()
    out.raw("-m)}}")
    out.selector("w")
    out.raw("{animation:")
    out.scope()
    out.raw("-w ")
    out.milliseconds(reveal.duration)
    out.raw(" linear both}@keyframes ")
    out.scope()
    out.raw("-w{from{stroke-dashoffset:")
    out.number(SVGSceneRenderer.dash(reveal))
    out.raw("}to{stroke-dashoffset:0}}")
  }

  /// The mask circle's dash: longer than its circumference, so the dash can cover it all.
  private static func dash(_ reveal: SweepReveal) -> Double {
    (2 * Double.pi * (reveal.radius / 2) + 2).rounded(.up)
  }

  /// The mask: a circle whose stroke, as wide as its diameter, covers everything within
  /// `reveal.radius`.
  mutating func sweepMask(_ reveal: SweepReveal) {
    let radius = reveal.radius / 2
    let dash = SVGSceneRenderer.dash(reveal)
    out.raw("<mask id=\"")
    out.scope()
    out.raw("-m\" maskUnits=\"userSpaceOnUse\" x=\"0\" y=\"0\" width=\"")
    out.integer(scene.width)
    out.raw("\" height=\"")
    out.integer(scene.height)
    out.raw("\"><circle class=\"w\" cx=\"")
    out.number(reveal.center.x)
    out.raw("\" cy=\"")
    out.number(reveal.center.y)
    out.raw("\" r=\"")
    out.number(radius)
    out.raw("\" fill=\"none\" stroke=\"#FFFFFF\" stroke-width=\"")
    out.number(2 * radius)
    out.raw("\" stroke-dasharray=\"")
    out.number(dash)
    out.byte(UInt8(ascii: " "))
    out.number(dash)
    // A circle's stroke starts at 3 o'clock; turned back a quarter, it starts at 12.
    out.raw("\" transform=\"rotate(-90 ")
    out.number(reveal.center.x)
    out.byte(UInt8(ascii: " "))
    out.number(reveal.center.y)
    out.raw(")\"/></mask>\n")
  }
}
