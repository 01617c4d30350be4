/// An image whose bands are encoded once, for images that differ from it in a few rows: a
/// gauge's ring, title and end labels, which every value's image shares, while its pointer
/// and readout change. `PNGImage.encodeInBands` takes from it each band whose rows (and the
/// row above them) are the same, and in a band that differs codes again only the strips
/// (`BandStrips`) whose bytes differ: the same bytes as without it.
///
/// A reference, never changed once made: threads drawing images from one template at once
/// share it, and an image reads its memory without retaining each array per band.
///
/// Memory: the pixels (4 bytes a pixel: 640 KB at 400 px), their filtered scanlines (3 or 4
/// bytes a pixel) with 4 bytes a row, the compressed bands and each band's coded segments
/// (about the size of the PNG each).
package final class PNGTemplate: Sendable {
  /// The bands the image was cut into; a template helps only images of the same bands.
  package let layout: PNGBands
  /// Premultiplied RGBA, as a canvas keeps it.
  let pixels: [UInt8]
  /// Each band, encoded: its blocks in `blocks`, and its checksums.
  let encoded: [KeptBand]
  /// Every band's deflate blocks, one after the other.
  let blocks: [UInt8]
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
    let bands: [PNGBand]
    (bands, segments, scanlines, rowAdlers) = pixels.withUnsafeBytes {
      layout.encodeTemplate(premultipliedRGBA: $0)
    }
    var blocks: [UInt8] = []
    blocks.reserveCapacity(bands.reduce(0) { $0 + $1.blocks.count })
    encoded = bands.map { band in
      let start = blocks.count
      blocks += band.blocks
      return KeptBand(
        blocks: start..<blocks.count, adler: band.adler, length: band.length,
        crc: CRC32.checksum(band.blocks), shift: CRC32.shift(byteCount: band.blocks.count))
    }
    self.blocks = blocks
  }
}

/// A template's band as files take it: where its blocks lie in the template's `blocks`,
/// and the checksums a file's stream needs of it, worked out once.
struct KeptBand: Sendable {
  let blocks: Range<Int>
  /// The Adler-32 of the band's scanlines, and their bytes.
  let adler: UInt32
  let length: Int
  /// The CRC-32 of the blocks, and its shift (`CRC32.shift(byteCount:)`): a file's chunk
  /// checksum steps over them without reading them again.
  let crc: UInt32
  let shift: UInt32
}
