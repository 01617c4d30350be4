import GaugeKit

/// A checked image request, ready to draw: its format, its ETag, and the drawing itself,
/// kept as a closure so a 304 never draws.
struct ImageJob: Sendable {
  /// The route's name in metrics: `gauge` or `pie`.
  let route: String
  let format: ImageFormat
  let entityTag: EntityTag
  let draw: @Sendable (any ImageRenderer) throws(GaugeError) -> [UInt8]

  /// What goes into every ETag besides the request: the library's version, so that a new
  /// release (whose drawing may change) never answers 304 for an old image.
  static let versionTag = "gaugekit " + libraryVersion

  init(
    route: String, format: ImageFormat, canonical: String,
    draw: @escaping @Sendable (any ImageRenderer) throws(GaugeError) -> [UInt8]
  ) {
    self.route = route
    self.format = format
    entityTag = EntityTag(
      canonical: ImageJob.versionTag + "\n" + route + "\nformat=" + format.rawValue + "\n"
        + canonical)
    self.draw = draw
  }
}
