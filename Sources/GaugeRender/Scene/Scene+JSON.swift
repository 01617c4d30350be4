import GaugeGeometry
import GaugeModel
import GaugeSupport

extension Scene {
  /// The scene as JSON: every item in paint order with its geometry, colour and role, every
  /// text with its role, text, x, y, size, anchor and weight, exactly as drawn.
  ///
  /// Angles are bearings normalised to [0, 360); numbers have at most three decimals;
  /// colours are `#RRGGBB` or `#RRGGBBAA`.
  public func json() -> String {
    var json = JSONWriter(capacity: 2048 + items.count * 200)
    write(into: &json)
    return json.text
  }

  package func write(into json: inout JSONWriter) {
    json.beginObject()
    json.key("width")
    json.integer(width)
    json.key("height")
    json.integer(height)
    json.key("label")
    json.string(label)
    json.key("description")
    json.string(description)
    if let language {
      json.key("language")
      json.string(language)
    }
    json.key("background")
    if let background { paint(background, into: &json) } else { json.null() }
    json.key("items")
    json.beginArray()
    for item in items { write(item, into: &json) }
    json.endArray()
    json.key("timeline")
    if let timeline { write(timeline, into: &json) } else { json.null() }
    json.endObject()
  }

  private func write(_ item: SceneItem, into json: inout JSONWriter) {
    switch item {
    case .ring(let ring):
      json.beginObject()
      json.key("kind")
      // The hairline under a ring's weak zones is named for what it is.
      json.string(ring.isOutline ? "outline" : "ring")
      json.key("center")
      json.point(ring.center)
      radii(ring.innerRadius, ring.outerRadius, ring.padWidth, ring.cornerRadius, into: &json)
      json.key("opacity")
      json.number(ring.opacity)
      json.key("sectors")
      json.beginArray()
      for index in 0..<ring.count {
        json.beginObject(compact: true)
        json.key("start")
        json.number(normalizedDegrees(ring.boundary(index)))
        json.key("end")
        json.number(normalizedDegrees(ring.boundary(index + 1)))
        json.key("paint")
        paint(ring.paint(ofSector: index), into: &json)
        json.endObject()
      }
      json.endArray()
      json.endObject()
    case .sectors(let sectors):
      for sector in sectors { write(sector, into: &json) }
    case .sector(let sector):
      write(sector, into: &json)
    case .polygon(let polygon):
      json.beginObject(compact: true)
      json.key("kind")
      json.string(polygon.isPointer ? "pointer" : "polygon")
      if let mark = polygon.mark {
        json.key("mark")
        json.string(mark.rawValue)
      }
      json.key("paint")
      paint(polygon.paint, into: &json)
      json.key("points")
      json.beginArray(compact: true)
      for corner in polygon.points { json.point(corner) }
      json.endArray()
      json.endObject()
    case .strokes(let strokes):
      json.beginObject(compact: true)
      json.key("kind")
      json.string("strokes")
      json.key("paint")
      paint(strokes.paint, into: &json)
      json.key("width")
      json.number(strokes.width)
      json.key("segments")
      json.beginArray(compact: true)
      for segment in strokes.segments {
        json.beginArray(compact: true)
        json.point(segment.from)
        json.point(segment.to)
        json.endArray()
      }
      json.endArray()
      json.endObject()
    case .swatch(let swatch):
      json.beginObject(compact: true)
      json.key("kind")
      json.string("swatch")
      json.key("origin")
      json.point(swatch.origin)
      json.key("side")
      json.number(swatch.side)
      json.key("cornerRadius")
      json.number(swatch.cornerRadius)
      json.key("paint")
      paint(swatch.paint, into: &json)
      json.endObject()
    case .text(let text):
      write(text, into: &json)
    }
  }

  private func write(_ sector: SceneSector, into json: inout JSONWriter) {
    json.beginObject(compact: true)
    json.key("kind")
    json.string("sector")
    if let mark = sector.mark {
      json.key("mark")
      json.string(mark.rawValue)
    }
    if let time = sector.appearsAt {
      json.key("appearsAt")
      json.number(time)
    }
    json.key("center")
    json.point(sector.sector.center)
    radii(
      sector.sector.innerRadius, sector.sector.outerRadius, sector.sector.padWidth,
      sector.sector.cornerRadius, into: &json)
    json.key("start")
    json.number(normalizedDegrees(sector.sector.startAngle))
    json.key("sweep")
    json.number(sector.sector.endAngle - sector.sector.startAngle)
    json.key("paint")
    paint(sector.paint, into: &json)
    if let tooltip = sector.tooltip {
      json.key("tooltip")
      json.string(tooltip)
    }
    json.endObject()
  }

  private func write(_ text: SceneText, into json: inout JSONWriter) {
    json.beginObject(compact: true)
    json.key("kind")
    json.string("text")
    json.key("role")
    json.string(text.role.rawValue)
    json.key("text")
    json.string(text.text)
    json.key("x")
    json.number(text.position.x)
    json.key("y")
    json.number(text.position.y)
    json.key("size")
    json.number(text.fontSize)
    json.key("anchor")
    json.string(text.anchor.rawValue)
    json.key("weight")
    json.string(text.weight.rawValue)
    json.key("paint")
    paint(text.paint, into: &json)
    switch text.window {
    case .during(let start, let length)?:
      json.key("shows")
      json.beginArray(compact: true)
      json.number(start)
      json.number(start + length)
      json.endArray()
    case .from(let time)?:
      json.key("shows")
      json.beginArray(compact: true)
      json.number(time)
      json.null()
      json.endArray()
    case nil: break
    }
    json.endObject()
  }

  private func write(_ timeline: SceneTimeline, into json: inout JSONWriter) {
    json.beginObject()
    json.key("duration")
    json.number(timeline.duration)
    json.key("sectorAppearances")
    if let appearances = timeline.sectorAppearances {
      json.beginArray(compact: true)
      for time in appearances { json.number(time) }
      json.endArray()
    } else {
      json.null()
    }
    json.key("sectorFade")
    json.number(timeline.sectorFade)
    if let fades = timeline.sectorFades {
      // Only where a fast sweep shortens some sector's fade.
      json.key("sectorFades")
      json.beginArray(compact: true)
      for fade in fades { json.number(fade) }
      json.endArray()
    }
    json.key("pointerSweep")
    if let sweep = timeline.pointerSweep {
      json.beginArray(compact: true)
      for keyframe in sweep.keyframes {
        json.beginArray(compact: true)
        json.number(keyframe.time)
        json.number(normalizedDegrees(keyframe.angle))
        json.endArray()
      }
      json.endArray()
    } else {
      json.null()
    }
    json.key("reveal")
    if let reveal = timeline.reveal {
      json.beginObject(compact: true)
      json.key("center")
      json.point(reveal.center)
      json.key("radius")
      json.number(reveal.radius)
      json.key("duration")
      json.number(reveal.duration)
      json.endObject()
    } else {
      json.null()
    }
    json.endObject()
  }

  private func radii(
    _ inner: Double, _ outer: Double, _ pad: Double, _ corner: Double,
    into json: inout JSONWriter
  ) {
    json.key("innerRadius")
    json.number(inner)
    json.key("outerRadius")
    json.number(outer)
    json.key("padWidth")
    json.number(pad)
    json.key("cornerRadius")
    json.number(corner)
  }

  private func paint(_ paint: Paint, into json: inout JSONWriter) {
    json.beginObject(compact: true)
    json.key("color")
    json.string(paint.color.hex)
    json.key("role")
    json.string(paint.role.rawValue)
    json.endObject()
  }

}
