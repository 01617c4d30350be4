import GaugeKit

/// What `--once` tells scripts and monitoring systems: a JSON line per gauge and an exit code.
enum DashboardReport {
  /// What a gauge's state is, as `--once --json` words it.
  static func state(_ slot: GaugeSlot) -> String {
    if slot.fault != nil { return "failed" }
    return slot.level.rawValue
  }

  /// One JSON object per line: `name`, `value` (null for no data), `zone` (its label, or
  /// null), `state` (ok, warning, critical, failed), `source`, `error` (null, or why).
  static func jsonLines(_ slots: [GaugeSlot]) -> String {
    var text = ""
    for slot in slots {
      var writer = JSONWriter()
      writer.beginObject(compact: true)
      writer.key("name")
      writer.string(slot.entry.name)
      writer.key("value")
      if slot.fault == nil, let value = slot.value {
        writer.exactNumber(value)
      } else {
        writer.null()
      }
      writer.key("zone")
      if slot.fault == nil, let zone = slot.zone {
        writer.string(slot.entry.gauge.zones[zone].label)
      } else {
        writer.null()
      }
      writer.key("state")
      writer.string(state(slot))
      writer.key("source")
      writer.string(slot.entry.source.summary)
      writer.key("error")
      if let fault = slot.fault { writer.string(fault) } else { writer.null() }
      writer.endObject()
      text += writer.text
    }
    return text
  }

  /// 2 when a gauge is in a critical zone, else 1 for a warning zone, else 3 when a source
  /// failed, else 0.
  static func exitCode(_ slots: [GaugeSlot]) -> Int32 {
    let levels = slots.filter { $0.fault == nil }.map(\.level)
    if levels.contains(.critical) { return 2 }
    if levels.contains(.warning) { return 1 }
    if slots.contains(where: { $0.fault != nil }) { return 3 }
    return 0
  }
}
