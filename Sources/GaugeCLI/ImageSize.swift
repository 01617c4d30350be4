import GaugeKit

/// The size of an image: `--size`, or `--width` and `--height` on their own.
struct ImageSize: Sendable, Equatable {
  var size = RenderOptions().width
  var width: Int?
  var height: Int?

  var resolved: (width: Int, height: Int) { (width ?? size, height ?? size) }
}
