import GaugeGeometry
import GaugeSupport

extension Gauge {
  /// A gauge's fields as stored: what `Gauge`'s properties read and write.
  struct Fields: Sendable, Hashable {
    var name: String?
    var title: String?
    var source: String?
    var min: Double
    var max: Double
    var zones: [Zone]
    var ring: Ring
    var fill: FillMode
    var pointer: PointerStyle
    var readout: ReadoutFormat
    var labels: LabelOptions
    var style: Style
    var darkStyle: Style
    var animation: AnimationOptions
    var wording: Wording
    var markers: [GaugeMarker] = []
    var thresholdMarkers: Bool = false
    var neutral: Double?
    var increaseMeans: DeltaMeaning = DeltaMeaning.neutral
    var pointers: [PointerMark] = []
    var wrap: Bool = false
    var direction: TextDirection = .auto
  }

  /// The box a gauge's fields live in, shared by its copies and never changed: a change to a
  /// gauge boxes a changed copy of its fields (`change(_:)`).
  final class Storage: Sendable {
    let fields: Fields

    init(fields: Fields) {
      self.fields = fields
    }
  }

  /// Gives this gauge (not its copies) fields changed by `body`.
  mutating func change(_ body: (inout Fields) -> Void) {
    var fields = storage.fields
    body(&fields)
    storage = Storage(fields: fields)
  }

  public static func == (lhs: Gauge, rhs: Gauge) -> Bool {
    lhs.storage === rhs.storage || lhs.storage.fields == rhs.storage.fields
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(storage.fields)
  }
}
