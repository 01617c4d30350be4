import GaugeGeometry
import GaugeSupport
import GaugeText

extension Gauge {
  /// The gauge as an image with a ring of `outerRadius` pixels draws it: where the pointer's
  /// inner end leaves the readout too little room to lead (an icon of 48 to 96 px), the
  /// pointer starts further out, keeping its taper, so the number stays a third larger than
  /// the captions without meeting it.
  ///
  /// The readout needs a disc of `size · h + margin` pixels, where `size` is 4/3 of the
  /// captions' size (`LabelPlacement.labelSize`) and `h` the half-diagonal of the domain's
  /// widest number in ems; the pointer then starts at that radius, never past the ring's
  /// inner edge nor its own outer end.
  ///
  /// Edge cases:
  /// - A terminal's cells (`measure == .cells`) keep the preset's pointer.
  /// - A pointer already starting far enough out is left as it is: at 120 px and up the
  ///   built-in presets' pointers are.
  package func fittingPointer(outerRadius: Double, measure: TextMeasure, fonts: FontSet) -> Gauge {
    guard measure == .font, outerRadius > 0 else { return self }
    let margin = Swift.max(1, outerRadius * 0.02)
    let target = Swift.max(LabelPlacement.minimumSize, outerRadius * 0.09) * 4 / 3
    let em = LabelPlacement.widestNumberInEms(of: self, fonts: fonts)
    let line = LabelPlacement.lineHeight
    let halfDiagonal = ((em / 2) * (em / 2) + (line / 2) * (line / 2)).squareRoot()
    let needed = (target * halfDiagonal + margin) / outerRadius
    let inner = Swift.min(Swift.max(pointer.inner, needed), ring.innerRadius, pointer.outer)
    guard inner > pointer.inner else { return self }
    var gauge = self
    gauge.pointer.taper = pointer.effectiveTaper
    gauge.pointer.inner = inner
    return gauge
  }
}
