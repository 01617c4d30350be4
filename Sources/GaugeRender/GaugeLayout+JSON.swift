import GaugeCharts
import GaugeGeometry
import GaugeModel
import GaugeSupport

extension GaugeLayout {
  /// The layout as JSON: the contract `gauge layout` prints (see docs/layout.md).
  ///
  /// Angles are normalised to [0, 360); numbers have at most three decimals; `progress`,
  /// `pointerAngle`, `pointer` and `zone` are null without data; `lap` is there only for a
  /// wrapping gauge past its first lap (`progress` is then within that lap). With `scene`, its JSON
  /// (`Scene.json()`) follows under `"scene"`: what is drawn, every text with its weight.
  package func json(scene: Scene? = nil) -> String {
    var json = JSONWriter(capacity: 4096 + sectors.count * 120)
    json.beginObject()
    json.key("width")
    json.integer(width)
    json.key("height")
    json.integer(height)
    json.key("center")
    json.point(center, asObject: true)
    json.key("outerRadius")
    json.number(outerRadius)
    json.key("innerRadius")
    json.number(innerRadius)
    json.key("arc")
    json.beginObject(compact: true)
    json.key("start")
    json.number(normalizedDegrees(sectorLayout.arcStart))
    json.key("end")
    json.number(normalizedDegrees(sectorLayout.arcEnd))
    json.key("sweep")
    json.number(sectorLayout.sweep)
    json.endObject()
    json.key("sectorCount")
    json.integer(sectorLayout.sectorCount)
    json.key("hiddenPerSide")
    json.integer(sectorLayout.hiddenPerSide)
    json.key("visibleSectors")
    json.integer(sectorLayout.visibleCount)
    json.key("state")
    json.string(state.rawValue)
    json.key("value")
    if let value { json.exactNumber(value) } else { json.null() }
    json.key("progress")
    if let progress { json.number(progress, decimals: 6) } else { json.null() }
    json.key("pointerAngle")
    if let pointerAngle { json.number(normalizedDegrees(pointerAngle)) } else { json.null() }
    if lap > 1 {
      // Only past the first lap, so every other layout prints as it always has.
      json.key("lap")
      json.integer(lap)
    }
    json.key("zone")
    if let zone { json.string(zone.label) } else { json.null() }
    json.key("readout")
    json.string(readout)
    json.key("padWidth")
    json.number(padWidth)
    json.key("cornerRadius")
    json.number(cornerRadius)

    json.key("sectors")
    json.beginArray()
    for sector in sectors {
      json.beginObject(compact: true)
      json.key("index")
      json.integer(sector.index)
      json.key("start")
      json.number(sector.startAngle)
      json.key("end")
      json.number(sector.endAngle)
      json.key("zone")
      json.string(gauge.zones[sector.zoneIndex].label)
      json.key("color")
      json.string(gauge.zones[sector.zoneIndex].color.hex)
      json.key("lit")
      json.bool(sector.lit)
      json.endObject()
    }
    json.endArray()

    json.key("pointer")
    if let pointer {
      json.beginArray(compact: true)
      for corner in pointer.points { json.point(corner) }
      json.endArray()
    } else {
      json.null()
    }

    json.key("labels")
    json.beginArray()
    for label in labels {
      json.beginObject(compact: true)
      json.key("role")
      json.string(label.role.rawValue)
      json.key("text")
      json.string(label.text)
      json.key("x")
      json.number(label.position.x)
      json.key("y")
      json.number(label.position.y)
      json.key("size")
      json.number(label.fontSize)
      json.key("anchor")
      json.string(label.anchor.rawValue)
      json.endObject()
    }
    json.endArray()

    json.key("ticks")
    json.beginArray()
    for tick in ticks {
      json.beginObject(compact: true)
      json.key("value")
      json.number(tick.value)
      json.key("angle")
      json.number(normalizedDegrees(tick.angle))
      json.key("from")
      json.point(tick.from)
      json.key("to")
      json.point(tick.to)
      json.endObject()
    }
    json.endArray()
    if let scene {
      json.key("scene")
      scene.write(into: &json)
    }
    json.endObject()
    return json.text
  }
}

extension JSONWriter {
  /// A point as `[x, y]`, or `{"x": x, "y": y}` with `asObject`, three decimals at most.
  package mutating func point(_ point: Point, asObject: Bool = false) {
    if asObject {
      beginObject(compact: true)
      key("x")
      number(point.x)
      key("y")
      number(point.y)
      endObject()
    } else {
      beginArray(compact: true)
      number(point.x)
      number(point.y)
      endArray()
    }
  }
}
