import GaugeGeometry
import GaugeLocalization
import GaugeModel
import GaugeSupport

extension Gauge {
  /// The gauge as preset JSON with every field written out (defaults included), in the
  /// format's key order: what `gauge presets show` prints, and what decodes back to an equal
  /// gauge.
  public func presetJSON() -> String {
    var json = JSONWriter()
    json.beginObject()
    if let name {
      json.key("name")
      json.string(name)
    }
    if let title {
      json.key("title")
      json.string(title)
    }
    if let source {
      json.key("source")
      json.string(source)
    }
    json.key("min")
    json.exactNumber(min)
    json.key("max")
    json.exactNumber(max)
    json.key("zones")
    json.beginArray()
    for zone in zones {
      json.beginObject(compact: true)
      json.key("label")
      json.string(zone.label)
      json.key("color")
      json.string(zone.color.hex)
      if let start = zone.rangeStart {
        json.key("range")
        json.beginArray()
        json.exactNumber(start)
        json.exactNumber(zone.upperBound)
        json.endArray()
      } else {
        json.key("upTo")
        json.exactNumber(zone.upperBound)
      }
      json.endObject()
    }
    json.endArray()

    json.key("ring")
    json.beginObject()
    json.key("sectors")
    json.integer(ring.sectorCount)
    for (key, value) in [
      ("buffer", ring.bufferAngle), ("gapCenter", ring.gapCenter),
      ("innerRadius", ring.innerRadius), ("sectorGap", ring.sectorGap),
      ("cornerRadius", ring.cornerRadius),
    ] {
      json.key(key)
      json.exactNumber(value)
    }
    json.endObject()
    json.key("fill")
    json.string(fill.rawValue)

    json.key("pointer")
    json.beginObject()
    for (key, value) in [
      ("inner", pointer.inner), ("outer", pointer.outer), ("width", pointer.width),
    ] {
      json.key(key)
      json.exactNumber(value)
    }
    // Left out when unset, so the seed's formula keeps following `inner`.
    if let taper = pointer.taper {
      json.key("taper")
      json.exactNumber(taper)
    }
    json.endObject()

    json.key("readout")
    json.beginObject()
    json.key("decimals")
    json.integer(readout.decimals)
    for (key, value) in [
      ("prefix", readout.prefix), ("suffix", readout.suffix),
      ("placeholder", readout.placeholder),
    ] {
      json.key(key)
      json.string(value)
    }
    if let grouping = readout.grouping {
      json.key("grouping")
      json.bool(grouping)
    }
    if let locale = readout.locale {
      json.key("locale")
      json.string(locale.identifier)
    }
    if readout.compact {
      json.key("notation")
      json.string(NumberNotation.compact.rawValue)
    }
    if readout.showsZone {
      json.key("showZone")
      json.bool(true)
    }
    json.endObject()

    json.key("labels")
    json.beginObject()
    if let start = labels.start {
      json.key("start")
      json.string(start)
    }
    if let end = labels.end {
      json.key("end")
      json.string(end)
    }
    json.key("ends")
    json.bool(labels.showEnds)
    json.key("zones")
    json.bool(labels.zones)
    json.key("ticks")
    json.integer(labels.ticks)
    if labels.minorTicks != 0 {
      json.key("minorTicks")
      json.integer(labels.minorTicks)
    }
    json.endObject()

    for (key, style) in [("style", style), ("darkStyle", darkStyle)] {
      json.key(key)
      json.beginObject()
      json.key("background")
      json.string(style.background?.hex ?? "none")
      for (name, color) in [
        ("track", style.track), ("pointer", style.pointer), ("label", style.label),
        ("readout", style.readout),
      ] {
        json.key(name)
        json.string(color.hex)
      }
      json.endObject()
    }

    json.key("animation")
    json.beginObject()
    json.key("duration")
    json.exactNumber(animation.duration)
    json.key("easing")
    json.string(animation.easing.rawValue)
    json.key("stagger")
    json.exactNumber(animation.stagger)
    json.endObject()
    writeMarks(into: &json)
    if !wording.isEmpty {
      json.key("wording")
      json.beginObject()
      for field in Wording.fields {
        guard let value = wording[keyPath: field.path] else { continue }
        json.key(field.key)
        json.string(value)
      }
      json.endObject()
    }
    if !pointers.isEmpty {
      json.key("pointers")
      json.beginArray()
      for pointer in pointers {
        json.beginObject()
        json.key("label")
        json.string(pointer.label)
        if let color = pointer.color {
          json.key("color")
          json.string(color.hex)
        }
        json.endObject()
      }
      json.endArray()
    }
    // Like `wording`, written only when set, so presets without it print as they did.
    if direction != .auto {
      json.key("direction")
      json.string(direction.rawValue)
    }
    json.endObject()
    return json.text
  }
}
