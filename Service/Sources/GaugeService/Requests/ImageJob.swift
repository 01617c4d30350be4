import GaugeKit

/// A checked image request, ready to draw: its format, its ETag, and the drawing itself,
/// kept as a closure so a 304 never draws.
struct ImageJob: Sendable {
  /// The route's name in metrics: `gauge` or `pie`.
  let route: String
  let format: ImageFormat
  let entityTag: EntityTag
  /// The raster images of the picture held at once while it is drawn: 1 for a still PNG,
  /// every frame and the still image for an animated one, 0 for SVG.
  let images: Int
  /// Pixels of each raster image (0 for SVG).
  let pixelsPerImage: Int
  /// Whether the answer depends on `Accept-Language`.
  var variesByLanguage = false
  /// Whether it is animated: then the library's refusal to draw it (an animation too long,
  /// or too large for its pixel limit) is about `animate`.
  var animated = false
  let draw: @Sendable (any ImageRenderer) throws(GaugeError) -> [UInt8]

  /// The pixels the drawing holds at its peak: what the render gate weighs it by.
  var pixels: Int { images * pixelsPerImage }

  /// What goes into every ETag besides the request: the library's version, so that a new
  /// release (whose drawing may change) never answers 304 for an old image.
  static let versionTag = "gaugekit " + libraryVersion

  init(
    route: String, format: ImageFormat, canonical: String, images: Int = 0,
    pixelsPerImage: Int = 0,
    draw: @escaping @Sendable (any ImageRenderer) throws(GaugeError) -> [UInt8]
  ) {
    self.route = route
    self.format = format
    self.images = images
    self.pixelsPerImage = pixelsPerImage
    entityTag = EntityTag(
      canonical: ImageJob.versionTag + "\n" + route + "\nformat=" + format.rawValue + "\n"
        + canonical)
    self.draw = draw
  }
}
