import GaugeGeometry
import GaugeModel
import GaugeSupport

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
  public func svg(value: Double?, options: SVGOptions = SVGOptions()) throws(GaugeError) -> String {
    String(decoding: try svgBytes(value: value, options: options), as: UTF8.self)
  }

  /// The same image as UTF-8 bytes, for servers and batch jobs that write bytes anyway: it
  /// skips building (and validating) a `String`.
  public func svgBytes(value: Double?, options: SVGOptions = SVGOptions()) throws(GaugeError)
    -> [UInt8]
  {
    var renderer = SVGSceneRenderer(scene: try scene(value: value, options: options))
    return renderer.render()
  }
}

/// Renders many images of one gauge with the same options, for backends that draw a gauge
/// per user: the gauge and options are checked once, and what does not depend on the value
/// (the zones of every sector, the description, the dark colours) is kept, so each image
/// pays only for what changes.
///
/// ```swift
/// let renderer = try GaugeSVGRenderer(gauge: stress, options: SVGOptions(width: 200, height: 200))
/// for user in users { try save(renderer.svgBytes(value: user.stress), for: user) }
/// ```
///
/// A value type holding no mutable state: share one across threads freely. Its images are
/// byte for byte those of `Gauge.svg(value:options:)`.
public struct GaugeSVGRenderer: Sendable {
  /// The gauge it draws (with the options' title, if any).
  public var gauge: Gauge { scenes.gauge }
  /// The options every image is drawn with.
  public var options: SVGOptions { scenes.options }
  let scenes: GaugeScenes

  /// - Throws: `GaugeError` for a gauge that breaks a rule or options out of range.
  public init(gauge: Gauge, options: SVGOptions = SVGOptions()) throws(GaugeError) {
    scenes = try GaugeScenes(gauge: gauge, options: options)
  }

  /// The image for `value` as UTF-8 bytes.
  public func svgBytes(value: Double?) throws(GaugeError) -> [UInt8] {
    var renderer = SVGSceneRenderer(scene: try scenes.scene(value: value))
    return renderer.render()
  }

  /// The image for `value` as text.
  public func svg(value: Double?) throws(GaugeError) -> String {
    String(decoding: try svgBytes(value: value), as: UTF8.self)
  }
}
