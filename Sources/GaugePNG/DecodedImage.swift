/// A decoded image: straight (not premultiplied) RGBA, 8 bits a channel.
package struct DecodedImage: Sendable, Equatable {
  /// Pixels per row.
  package var width: Int
  /// Rows.
  package var height: Int
  /// 4 bytes a pixel (red, green, blue, alpha), rows top to bottom with no padding.
  package var rgba: [UInt8]

  package init(width: Int, height: Int, rgba: [UInt8]) {
    self.width = width
    self.height = height
    self.rgba = rgba
  }
}
