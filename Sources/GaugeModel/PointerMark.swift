import GaugeSupport

/// One of several pointers on one dial (systolic and diastolic): the name its readout line
/// carries and its colour. A gauge with none draws one unnamed pointer, as always.
public struct PointerMark: Sendable, Hashable {
  /// What the pointer's readout line starts with ("Systolic").
  public var label: String
  /// Its colour; `nil` takes the style's pointer colour.
  public var color: Color?

  /// Creates a pointer.
  public init(label: String, color: Color? = nil) {
    self.label = label
    self.color = color
  }
}

extension Gauge {
  /// The most pointers one gauge has.
  public static let maximumPointerCount = 8

  /// How many values the gauge shows at once: one per pointer, and one without any.
  public var valueCount: Int { Swift.max(1, pointers.count) }

  /// The pointers' problems, for `problems()`.
  package func checkPointers(_ list: inout ProblemList) {
    if pointers.count > Gauge.maximumPointerCount {
      list.add(
        "pointers",
        "has \(pointers.count) pointers; at most \(Gauge.maximumPointerCount) allowed")
    }
    for (index, pointer) in pointers.enumerated() {
      list.checkText("pointers[\(index)].label", pointer.label)
    }
  }
}
