import GaugeKit

/// How a batch draws its images: the format, the PNG scale, and how many threads.
struct BatchDrawing: Sendable, Hashable {
  var format = ImageFormat.svg
  /// PNG pixels per layout pixel.
  var scale = 1.0
  /// Threads rendering a chunk at once, 1...`BatchCommand.maximumJobs`.
  var jobs = 1
}

/// The prepared renderer a batch draws one preset with one set of options, in its format.
enum BatchRenderer: Sendable {
  case svg(GaugeSVGRenderer)
  case png(GaugePNGRenderer, pixels: Int)
  /// A PNG past `preparedPixelLimit`, drawn in one call: a prepared renderer would keep a
  /// canvas of its size (268 MB at 8192 px) beside the images being drawn.
  case largePNG(Gauge, RenderOptions, scale: Double, pixels: Int)

  /// Output pixels of the largest PNG drawn through a prepared renderer (as gauge-server).
  static let preparedPixelLimit = 1 << 20

  /// The most pixels of prepared PNG renderers a job keeps (about 64 MB of blank canvases,
  /// plus the rings' coverage): a 400 px gauge takes 160,000, so a hundred sizes fit.
  static let pixelBudget = 16 << 20

  init(gauge: Gauge, options: RenderOptions, drawing: BatchDrawing) throws(GaugeError) {
    switch drawing.format {
    case .svg:
      self = .svg(try GaugeSVGRenderer(gauge: gauge, options: options))
    case .png:
      // Sides are 1...8192 and the scale at most 8: no overflow; the drawing checks them.
      let width = (Double(options.width) * drawing.scale).rounded()
      let height = (Double(options.height) * drawing.scale).rounded()
      let pixels = Int(width * height)
      guard pixels <= BatchRenderer.preparedPixelLimit else {
        // Its size is checked when each image is drawn, in the same words.
        self = .largePNG(gauge, options, scale: drawing.scale, pixels: pixels)
        return
      }
      let renderer = try GaugePNGRenderer(
        gauge: gauge, options: options, scale: drawing.scale)
      self = .png(renderer, pixels: pixels)
    }
  }

  /// The pixels of each image it draws; 0 for SVG.
  var pixels: Int {
    switch self {
    case .svg: 0
    case .png(_, let pixels), .largePNG(_, _, _, let pixels): pixels
    }
  }

  /// The pixels of canvas it keeps between images: a prepared renderer's.
  var preparedPixels: Int {
    if case .png(_, let pixels) = self { return pixels }
    return 0
  }

  /// `.svg` or `.png`.
  var fileExtension: String {
    switch self {
    case .svg: ".svg"
    case .png, .largePNG: ".png"
    }
  }

  /// The image file's bytes for `value`.
  func image(value: Double?) throws(GaugeError) -> [UInt8] {
    switch self {
    case .svg(let renderer): try renderer.svgBytes(value: value)
    case .png(let renderer, _): try renderer.png(value: value)
    case .largePNG(let gauge, let options, let scale, _):
      try gauge.png(value: value, options: options, scale: scale)
    }
  }

  /// The `--jsonl` line of an image: the SVG as a JSON string, or the PNG in base64.
  func jsonLine(id: String, image: [UInt8]) -> [UInt8] {
    switch self {
    case .svg: BatchOutput.jsonLine(id: id, svg: image)
    case .png, .largePNG: BatchOutput.jsonLine(id: id, png: image)
    }
  }
}

extension ImageFormat {
  /// `.svg` or `.png`: what a file of this format is named with.
  var fileExtension: String { "." + rawValue }
}
