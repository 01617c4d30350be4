import GaugeCharts
import GaugeGeometry
import GaugeModel
import GaugeSupport

/// The parts every GaugeKit image shares, gauge or chart: the root element with its
/// accessible name, the background, and the style-sheet rules scoped to the document.
extension SVGWriter {
  /// `<svg …>`, `<title>` and the opening `<desc>`; the caller writes the description and
  /// closes it.
  /// `language`, a BCP 47 tag, becomes the root's `lang`.
  package mutating func documentStart(
    width: Int, height: Int, summary: String, scoped: Bool, language: String? = nil
  ) {
    documentStart(
      width: width, height: height, summary: summary, apart: nil, spoken: nil, scoped: scoped,
      language: language)
  }

  /// `documentStart` with `apart`, the summary's parts when `summary` (the label) leaves
  /// them out, and `spoken`, what the marks add to the accessible name, when `summary`
  /// leaves it out.
  mutating func documentStart(
    width: Int, height: Int, summary: String, apart: SummarySlot?, spoken: SpokenMarks?,
    scoped: Bool, language: String?
  ) {
    raw("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"")
    integer(width)
    raw("\" height=\"")
    integer(height)
    raw("\" viewBox=\"0 0 ")
    integer(width)
    byte(UInt8(ascii: " "))
    integer(height)
    byte(UInt8(ascii: "\""))
    if let language {
      raw(" lang=\"")
      text(language)
      byte(UInt8(ascii: "\""))
    }
    raw(" role=\"img\" aria-label=\"")
    let start = count
    name(apart, summary, spoken)
    // The title is the same name: its escaped bytes are copied.
    let written = start..<count
    byte(UInt8(ascii: "\""))
    if scoped {
      raw(" class=\"")
      scope()
      byte(UInt8(ascii: "\""))
    }
    raw(">\n<title>")
    repeatWritten(written)
    raw("</title>\n<desc>")
  }

  /// The accessible name, escaped: the summary's parts, `summary`, then what the marks add.
  /// Escaping a name in parts gives the bytes of escaping it whole (each character is
  /// escaped on its own).
  private mutating func name(_ apart: SummarySlot?, _ summary: String, _ spoken: SpokenMarks?) {
    if let apart {
      text(apart.parts.before)
      if let after = apart.parts.after {
        text(apart.readout)
        text(after)
      }
    }
    text(summary)
    guard let spoken else { return }
    spoken.head.withUnsafeBufferPointer { append($0) }
    if let change = spoken.change { text(change) }
    spoken.tail.withUnsafeBufferPointer { append($0) }
  }

  /// An opacity below 1 as CSS writes it: `.4`.
  package mutating func opacity(_ value: Double) {
    var digits = FixedDecimal.string(Swift.min(1, Swift.max(0, value)), decimals: 2)
    if digits.hasPrefix("0.") { digits.removeFirst() }
    text(digits)
  }

  /// `.SCOPE .name`
  package mutating func selector(_ name: StaticString) {
    byte(UInt8(ascii: "."))
    scope()
    raw(" .")
    raw(name)
  }

  /// `.SCOPE .name{fill:#3A3A3C}`
  package mutating func fillRule(_ name: StaticString, _ color: Color) {
    selector(name)
    raw("{fill:")
    self.color(color)
    if !color.isOpaque {
      raw(";fill-opacity:")
      decimal(Double(color.alpha) / 255, places: 2)
    }
    raw("}")
  }

  /// Class "z": hidden until its own animation duration has passed (set on the element).
  package mutating func hiddenUntilDurationRule() {
    selector("z")
    raw("{animation:")
    scope()
    raw("-h step-end}@keyframes ")
    scope()
    raw("-h{from,to{visibility:hidden}}")
  }

  /// No animation at all for readers who ask for reduced motion: they see the final state.
  package mutating func reducedMotionRule() {
    raw("@media (prefers-reduced-motion:reduce){.")
    scope()
    raw(" *{animation:none!important}}")
  }
}
