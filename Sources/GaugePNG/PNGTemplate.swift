/// An image whose bands are encoded once, for images that differ from it in a few rows: a
/// gauge's ring, title and end labels, which every value's image shares, while its pointer
/// and readout change. `PNGImage.encodeInBands` takes from it each band whose rows (and the
/// row above them) are the same, and in a band that differs codes again only the strips
/// (`BandStrips`) whose bytes differ: the same bytes as without it.
///
/// Memory: the pixels (4 bytes a pixel: 640 KB at 400 px), their filtered scanlines (3 or 4
/// bytes a pixel) with 4 bytes a row, the compressed bands and each band's coded segments
/// (about the size of the PNG each).
package struct PNGTemplate: Sendable {
  /// The bands the image was cut into; a template helps only images of the same bands.
  package let layout: PNGBands
  /// Premultiplied RGBA, as a canvas keeps it.
  let pixels: [UInt8]
  /// Each band, encoded.
  let encoded: [PNGBand]
  /// Each band's coded segments, row by row and strip by strip.
  let segments: [BandSegments]
  /// The scanlines of every row, filtered, and the Adler-32 of each.
  let scanlines: [UInt8]
  let rowAdlers: [UInt32]

  /// Encodes every band of `premultipliedRGBA` (4 bytes a pixel, `width` x `height`, sides
  /// 1...8192), RGB when `opaque` (every alpha is 255; `nil` scans for it).
  ///
  /// - Throws: `PNGError.sizeOutOfRange` or `PNGError.bufferLength`.
  package init(
    premultipliedRGBA pixels: [UInt8], width: Int, height: Int, opaque: Bool? = nil
  ) throws(PNGError) {
    try PNGImage.validate(pixels, width: width, height: height, frame: nil)
    let opaque = opaque ?? pixels.withUnsafeBytes { PNGImage.isOpaque($0) }
    let layout = PNGBands(width: width, height: height, opaque: opaque)
    self.layout = layout
    self.pixels = pixels
    // Every file made from the template copies these bands: their checksums are kept.
    (encoded, segments, scanlines, rowAdlers) = pixels.withUnsafeBytes {
      layout.encodeTemplate(premultipliedRGBA: $0)
    }
  }

  /// Marks in `touched` each strip of band `index` whose bytes differ between `scanlines`
  /// (the band's, filtered) and the template's, in the rows that `fresh` marks (the band's
  /// others are the template's); whether any does.
  func touchedStrips(
    band index: Int, scanlines: UnsafePointer<UInt8>, fresh: UnsafePointer<Bool>,
    into touched: UnsafeMutablePointer<Bool>
  ) -> Bool {
    let strips = layout.strips
    let length = layout.scanlineLength
    let rows = layout.rows(ofBand: index)
    touched.initialize(repeating: false, count: strips.count)
    var any = false
    self.scanlines.withUnsafeBytes { kept in
      for row in rows where fresh[row - rows.lowerBound] {
        let image = UnsafeRawPointer(scanlines + (row - rows.lowerBound) * length)
        let template = kept.baseAddress! + row * length
        if PNGBands.equal(image, template, count: length) { continue }
        any = true
        for strip in 0..<strips.count where !touched[strip] {
          let columns = strips.columns(strip)
          touched[strip] = !PNGBands.equal(
            image + columns.lowerBound, template + columns.lowerBound, count: columns.count)
        }
      }
    }
    return any
  }
}
