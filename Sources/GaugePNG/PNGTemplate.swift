/// An image whose bands are encoded once, for images that differ from it in a few rows: a
/// gauge's ring, title and end labels, which every value's image shares, while its pointer
/// and readout change. `PNGImage.encodeInBands` takes from it each band whose rows (and the
/// row above them) are the same, and encodes only the others: the same bytes as without it.
///
/// Memory: the pixels (4 bytes a pixel: 640 KB at 400 px) and the compressed bands.
package struct PNGTemplate: Sendable {
  /// The bands the image was cut into; a template helps only images of the same bands.
  package let layout: PNGBands
  /// Premultiplied RGBA, as a canvas keeps it.
  let pixels: [UInt8]
  /// Each band, encoded.
  let encoded: [PNGBand]

  /// Encodes every band of `premultipliedRGBA` (4 bytes a pixel, `width` x `height`, sides
  /// 1...8192), RGB when `opaque` (every alpha is 255; `nil` scans for it).
  ///
  /// - Throws: `PNGError.sizeOutOfRange` or `PNGError.bufferLength`.
  package init(
    premultipliedRGBA pixels: [UInt8], width: Int, height: Int, opaque: Bool? = nil
  ) throws(PNGError) {
    try PNGImage.validate(pixels, width: width, height: height, frame: nil)
    let opaque = opaque ?? pixels.withUnsafeBytes { PNGImage.isOpaque($0) }
    layout = PNGBands(width: width, height: height, opaque: opaque)
    self.pixels = pixels
    // Every file made from the template copies these bands: their checksums are kept.
    encoded = pixels.withUnsafeBytes { [layout] in
      layout.encodeAll(premultipliedRGBA: $0, template: nil).map { $0.keepingChecksum() }
    }
  }
}
