/// The memory `PNGImage.encodeInBands` encodes bands in: the LZ77 parser's hash chains
/// (`LZ77Tables`, 340 KB), one band's scanlines (32 KB), its strips' coded segments (about
/// twice that) and their spans, and which of its strips and rows an image encodes again. Handed from image to image (a prepared renderer keeps a few),
/// it spares each image allocating and clearing them, with the same bytes out: each strip
/// starts from an empty window either way.
///
/// One image at a time: whoever holds it is its only user. It is `Sendable` so that it can
/// be handed between threads through a lock; it is never shared while in use.
package final class PNGEncoderScratch: @unchecked Sendable {
  let tables = LZ77Tables()
  private(set) var scanlines: UnsafeMutablePointer<UInt8>
  private var capacity: Int
  /// Coded segments, each from a byte boundary (`StripParser`).
  private(set) var segments: UnsafeMutablePointer<UInt8>
  private var segmentCapacity: Int
  /// Per row and strip of a band, where its segment lies in `segments`.
  private(set) var spans: UnsafeMutablePointer<SegmentSpan>
  private var spanCapacity: Int
  /// Per strip of a band, whether an image codes it again.
  private(set) var touched: UnsafeMutablePointer<Bool>
  private var touchedCapacity: Int
  /// Per row of a band, whether an image filters it again.
  private(set) var freshRows: UnsafeMutablePointer<Bool>
  private var freshCapacity: Int

  package init() {
    capacity = PNGBands.bandBytes + 8
    scanlines = .allocate(capacity: capacity)
    segmentCapacity = 2 * capacity
    segments = .allocate(capacity: segmentCapacity)
    spanCapacity = 256
    spans = .allocate(capacity: spanCapacity)
    touchedCapacity = 16
    touched = .allocate(capacity: touchedCapacity)
    freshCapacity = 64
    freshRows = .allocate(capacity: freshCapacity)
  }

  /// Room for the bands of `layout`, grown if needed; the tables ready for new inputs.
  func prepare(for layout: PNGBands) {
    tables.rewindIfNeeded()
    let strips = layout.strips
    let scanlineBytes = layout.rowsPerBand * layout.scanlineLength
    if scanlineBytes > capacity {
      scanlines.deallocate()
      capacity = scanlineBytes
      scanlines = .allocate(capacity: capacity)
    }
    let segmentBytes = strips.segmentCapacity(rows: layout.rowsPerBand)
    if segmentBytes > segmentCapacity {
      segments.deallocate()
      segmentCapacity = segmentBytes
      segments = .allocate(capacity: segmentCapacity)
    }
    if layout.rowsPerBand * strips.count > spanCapacity {
      spans.deallocate()
      spanCapacity = layout.rowsPerBand * strips.count
      spans = .allocate(capacity: spanCapacity)
    }
    if layout.rowsPerBand > freshCapacity {
      freshRows.deallocate()
      freshCapacity = layout.rowsPerBand
      freshRows = .allocate(capacity: freshCapacity)
    }
    if strips.count > touchedCapacity {
      touched.deallocate()
      touchedCapacity = strips.count
      touched = .allocate(capacity: touchedCapacity)
    }
  }

  deinit {
    scanlines.deallocate()
    segments.deallocate()
    spans.deallocate()
    touched.deallocate()
    freshRows.deallocate()
  }
}
