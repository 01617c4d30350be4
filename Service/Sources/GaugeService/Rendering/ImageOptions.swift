import GaugeKit
@_spi(Service) import GaugeModel
@_spi(Service) import GaugeSupport

/// How an image is drawn, shared by gauges and pies, checked and normalised: `size` is
/// folded into `width` and `height`, so two spellings of one image share one ETag.
struct ImageOptions: Sendable, Hashable {
  /// Pixels of the drawing, 1...8192 each.
  var width = 400
  var height = 400
  /// Output pixels per drawing pixel, 1...4; raster formats only (SVG scales freely).
  var scale = 1
  var theme = Theme.light
  /// Replaces the preset's or chart's title.
  var title: String?
  var animate = false
  /// The reader's locale: `locale`, else the first supported one of `Accept-Language`.
  var locale: GaugeLocale?
  /// Whether the image depends on `Accept-Language` (no `locale` was given): its answer then
  /// says `Vary: Accept-Language`, so caches keep one image a language.
  var variesByLanguage = false
  /// A gauge's reference and range (`GaugeMarkParameters`); a chart has neither.
  var reference: Double?
  var range: ClosedRange<Double>?

  /// The query parameters (and body fields) that set these options.
  static let parameterNames = [
    "size", "width", "height", "scale", "theme", "title", "animate", "locale",
  ]
  static let maximumScale = 4

  init() {}

  /// Reads and checks the options among `parameters`.
  ///
  /// - Throws: `Problem` 400 naming the first bad parameter.
  init(_ parameters: Parameters, format: ImageFormat) throws(Problem) {
    let sides = 1...maximumImageSide
    let side = try parameters.integer("size", in: sides) ?? 400
    width = try parameters.integer("width", in: sides) ?? side
    height = try parameters.integer("height", in: sides) ?? side
    scale = try parameters.integer("scale", in: 1...ImageOptions.maximumScale) ?? 1
    if format != .svg,
      let problem = ImageScale.problem(
        Double(scale), width: width, height: height, wholeScales: true)
    {
      throw .badParameter("scale", problem)
    }
    if let theme = try parameters.choice("theme", from: Theme.allCases.map(\.rawValue)) {
      self.theme = Theme(rawValue: theme) ?? .light
    }
    title = try parameters.text("title")
    animate = try parameters.flag("animate") ?? false
    if let tag = try parameters.text("locale", limit: 64) {
      do throws(GaugeError) {
        locale = try GaugeLocale(tag)
      } catch {
        throw .badParameter("locale", error.description)
      }
    } else if let header = parameters.acceptLanguage {
      variesByLanguage = true
      locale = GaugeLocale.preferred(acceptLanguage: header)
    }
  }

  /// Pixels of one raster image with these options: 0 for SVG, which holds none.
  func pixelsPerImage(for format: ImageFormat) -> Int {
    format == .svg ? 0 : width * scale * height * scale
  }

  /// Raster images a drawing holds at once: none for SVG, one for a still PNG; an animated
  /// PNG keeps every frame and the still image until it encodes them. The library's own
  /// limits (`AnimationLimits`) decide how many: `framesPerSecond` from the start to the end
  /// of `seconds`, at most `maximumFrames`, and never more images than `maximumPixels` hold
  /// (it then spreads fewer frames over the time). An animation longer than
  /// `maximumSeconds` is refused by the library when drawn; it is weighed here as one of the
  /// longest allowed.
  func rasterImages(for format: ImageFormat, seconds: () -> Double) -> Int {
    guard format != .svg else { return 0 }
    guard animate else { return 1 }
    let length = Swift.min(seconds(), AnimationLimits.maximumSeconds)
    let steps = AnimationLimits.steps(forSeconds: length)
    let pixels = Swift.max(1, pixelsPerImage(for: format))
    return Swift.min(steps + 2, Swift.max(1, AnimationLimits.maximumPixels / pixels))
  }

  /// The library's options for a vector image.
  var svg: RenderOptions {
    var options = RenderOptions(
      width: width, height: height, theme: theme, title: title,
      animation: animate ? SVGAnimation() : nil)
    options.reference = reference
    options.range = range
    return options
  }

  /// Every option in a fixed order, for the ETag; `scale` only where it changes the bytes.
  func canonical(for format: ImageFormat) -> String {
    var text = "width=\(width);height=\(height);"
    if format != .svg { text += "scale=\(scale);" }
    text += "theme=\(theme.rawValue);animate=\(animate ? 1 : 0);"
    text += "title=" + (title.map { JSONText.quoted($0) } ?? "none")
    // Only with a locale, so the ETags of images without one stay as they were.
    if let locale { text += ";locale=" + locale.identifier }
    return text
  }
}
