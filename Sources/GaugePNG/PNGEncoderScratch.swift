/// The memory `PNGImage.encodeInBands` encodes bands in: the LZ77 parser's hash chains and
/// tokens (`LZ77Tables`, 340 KB) and one band's scanlines (32 KB). Handed from image to image
/// (a prepared renderer keeps a few), it spares each image allocating and clearing them, with
/// the same bytes out: each band starts from an empty window either way.
///
/// One image at a time: whoever holds it is its only user. It is `Sendable` so that it can
/// be handed between threads through a lock; it is never shared while in use.
package final class PNGEncoderScratch: @unchecked Sendable {
  let tables = LZ77Tables()
  private var scanlines: UnsafeMutablePointer<UInt8>
  private var capacity: Int

  package init() {
    capacity = PNGBands.bandBytes + 8
    scanlines = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
  }

  /// Room for `count` bytes of scanlines, grown if needed; the tables ready for new inputs.
  func prepare(scanlineBytes count: Int) -> UnsafeMutablePointer<UInt8> {
    tables.rewindIfNeeded()
    if count > capacity {
      scanlines.deallocate()
      capacity = count
      scanlines = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
    }
    return scanlines
  }

  deinit {
    scanlines.deallocate()
  }
}
