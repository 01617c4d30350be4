/// How a band's rows are cut into column strips that are deflated apart within one block.
///
/// Each scanline of a band is split at every `pixels`-th pixel into segments; the segment of
/// row r in strip s is coded only from bytes of strip s in rows r and above within the band
/// (LZ77 matches never leave a strip's columns), from the strip's own parser state, and with
/// one fixed prefix code (`StripCode`). So a segment's bits depend only on its strip's bytes,
/// and a prepared image that changes a few strips of a band (a pointer is narrow) codes only
/// those again and copies the others' bits from its template: the same bytes as coding the
/// whole band, since coding a strip again gives the bits it gave before.
struct BandStrips {
  /// Pixels in a strip. Narrower strips code less again per image but cut more matches at
  /// their edges: for the stress gauge at 400 px, 64 px strips cost 2.03 million
  /// instructions a prepared image and 50.4 KB a file, 128 px 2.07 million and 48.4 KB,
  /// 256 px 2.38 million and 46.7 KB (rows whole: 3.29 million and 41.2 KB).
  static let pixels = 128

  let width: Int
  let channels: Int

  /// Bytes of one scanline: the filter type and the row.
  var scanlineLength: Int { width * channels + 1 }

  /// How many strips a row has.
  var count: Int { (width + Self.pixels - 1) / Self.pixels }

  /// The bytes of strip `index` within a scanline; the first strip holds the filter type.
  func columns(_ index: Int) -> Range<Int> {
    let start = index == 0 ? 0 : 1 + index * Self.pixels * channels
    return start..<(1 + min((index + 1) * Self.pixels, width) * channels)
  }

  /// Room for the coded segments of `rows` rows of every strip: 15 bits a byte at most (a
  /// literal's longest code), and a byte of padding and eight of slack for each segment.
  func segmentCapacity(rows: Int) -> Int {
    rows * (2 * scanlineLength + 9 * count) + 8
  }
}

/// Where one segment's bits lie in a buffer: from a byte boundary, `bitCount` bits.
struct SegmentSpan: Sendable, Hashable {
  var offset: Int32
  var bitCount: Int32
}

/// The coded segments of one band as a template keeps them, row by row and strip by strip.
struct BandSegments: Sendable {
  /// The segments' bits, each from a byte boundary, with 8 bytes of slack at the end.
  let bits: [UInt8]
  /// Per row, per strip: `spans[row * strips + strip]`.
  let spans: [SegmentSpan]
}

/// Codes one strip of a band's scanlines, segment by segment, with `StripCode`.
///
/// Greedy LZ77 as `LZ77Parser` does it (the last distance, the pixel to the left and the
/// pixel above first, then short hash chains), but every match lies within the strip: its
/// source starts at a position of the strip, both it and the bytes it codes stay inside their
/// rows' segments, and the hash chains hold only this strip's positions (earlier strips'
/// entries are below the tables' `base`, so they read as empty).
struct StripParser {
  private static let quickLength = 16
  private static let chainLimit = 8
  private static let goodLength = 32
  private static let goodChain = 4
  private static let niceLength = 128
  private static let insertLimit = 4

  /// Codes strip `columns` of the `rows` scanlines at `band` (each `strips.scanlineLength`
  /// bytes), writing each row's segment from a byte boundary at `output + offset` onwards,
  /// and its span to `spans[row * stride]`; returns the offset after the last segment.
  /// `counts`, when given, adds up each literal/length symbol (0...285) and distance code
  /// (286...315) written.
  static func code(
    band: UnsafePointer<UInt8>, rows: Int, columns: Range<Int>, strips: BandStrips,
    tables: LZ77Tables, code: StripCode, output: UnsafeMutablePointer<UInt8>, offset: Int,
    spans: UnsafeMutablePointer<SegmentSpan>, stride: Int,
    counts: UnsafeMutablePointer<UInt32>? = nil
  ) -> Int {
    let length = strips.scanlineLength
    let pixel = strips.channels
    let rowDistance = length <= DeflateAlphabet.maximumDistance ? length : 0
    let start = columns.lowerBound
    let end = columns.upperBound
    // An 8192 px image's strips would otherwise carry positions past Int32's limit.
    tables.rewindIfNeeded()
    precondition(
      tables.base + rows * length < Int(Int32.max), "Deflate input must be under 2 GiB.")
    let base = tables.base
    tables.base += rows * length
    let head = tables.head
    let previous = tables.previous
    let source = UnsafeRawPointer(band)
    let missStep = min(pixel, 4)
    let literalBits = code.literalBits
    let lengthBits = code.lengthBits
    let distanceBits = code.distanceBits
    let distanceBase = code.distanceBase

    @inline(__always) func hash(_ at: Int) -> Int {
      let word = UInt32(littleEndian: source.loadUnaligned(fromByteOffset: at, as: UInt32.self))
      return Int((word &* 0x9E37_79B1) >> UInt32(32 - LZ77Parser.hashBits))
    }
    @inline(__always) func insert(_ at: Int) {
      let slot = hash(at)
      previous[(base &+ at) & LZ77Parser.windowMask] = head[slot]
      head[slot] = Int32(truncatingIfNeeded: base &+ at)
    }
    // The column of a position in its scanline.
    @inline(__always) func column(_ at: Int) -> Int {
      Int(UInt32(truncatingIfNeeded: at) % UInt32(truncatingIfNeeded: length))
    }

    var out = offset
    var register: UInt64 = 0
    var pending: UInt64 = 0
    @inline(__always) func put(_ bits: UInt64, _ count: Int) {
      register |= bits &<< pending
      pending &+= UInt64(truncatingIfNeeded: count)
      UnsafeMutableRawPointer(output + out).storeBytes(of: register.littleEndian, as: UInt64.self)
      let bytes = pending &>> 3
      out &+= Int(truncatingIfNeeded: bytes)
      register &>>= bytes &<< 3
      pending &= 7
    }

    var lastDistance = 0
    for row in 0..<rows {
      let segmentStart = row &* length &+ start
      let segmentEnd = row &* length &+ end
      let first = out
      var position = segmentStart
      while position < segmentEnd {
        var bestLength = 0
        var bestDistance = 0
        var hashed = false
        let here = position &- row &* length
        if position &+ 4 <= segmentEnd {
          let limit = min(DeflateAlphabet.maximumMatch, segmentEnd &- position)
          let word = source.loadUnaligned(fromByteOffset: position, as: UInt32.self)
          // A match from `candidate`, at most `reach` long (what its row's segment allows).
          @inline(__always) func tryMatch(_ candidate: Int, _ reach: Int) {
            guard source.loadUnaligned(fromByteOffset: candidate, as: UInt32.self) == word,
              bestLength < 4
                || (bestLength < reach
                  && source.load(fromByteOffset: candidate &+ bestLength, as: UInt8.self)
                    == source.load(fromByteOffset: position &+ bestLength, as: UInt8.self))
            else { return }
            let found = LZ77Parser.matchLength(source, candidate, position, limit: reach)
            if found > bestLength {
              bestLength = found
              bestDistance = position &- candidate
            }
          }
          // A candidate in an earlier row may start right of this position: its segment
          // ends sooner.
          @inline(__always) func reach(from candidate: Int) -> Int {
            min(limit, end &- max(here, column(candidate)))
          }
          // The pixel to the left first: of two matches as long, the nearer costs fewer
          // extra bits (a row of zeros, as a row like the one above filters to, is a run).
          if here &- pixel >= start {
            tryMatch(position &- pixel, limit)
          }
          // The last distance, unless it is one of the two below; it may lead anywhere.
          if bestLength < limit && lastDistance != 0 && lastDistance != pixel
            && lastDistance != rowDistance
            && lastDistance <= position
          {
            let candidate = position &- lastDistance
            let candidateColumn = column(candidate)
            if candidateColumn >= start && candidateColumn &+ 4 <= end {
              tryMatch(candidate, reach(from: candidate))
            }
          }
          if bestLength < limit && rowDistance != 0 && row > 0 {
            tryMatch(position &- rowDistance, limit)
          }
          if bestLength < Self.quickLength {
            hashed = true
            let slot = hash(position)
            var candidate = Int(head[slot]) &- base
            previous[(base &+ position) & LZ77Parser.windowMask] = head[slot]
            head[slot] = Int32(truncatingIfNeeded: base &+ position)
            let enough = min(Self.niceLength, limit)
            var chain = bestLength >= Self.goodLength ? Self.goodChain : Self.chainLimit
            while candidate >= 0 && position &- candidate < DeflateAlphabet.maximumDistance
              && chain > 0 && bestLength < enough
            {
              let before = bestLength
              tryMatch(candidate, reach(from: candidate))
              if bestLength > before && bestLength >= Self.goodLength {
                chain = min(chain, Self.goodChain)
              }
              candidate = Int(previous[(base &+ candidate) & LZ77Parser.windowMask]) &- base
              chain &-= 1
            }
          }
        }
        if bestLength >= 4 {
          let match = lengthBits[bestLength]
          let lengthCount = UInt64(match >> 24)
          let distanceCode = DeflateAlphabet.distanceCode(bestDistance)
          let bits = distanceBits[distanceCode]
          let codeLength = UInt64(bits >> 24)
          let extra = UInt64(truncatingIfNeeded: bestDistance &- distanceBase[distanceCode])
          let distanceField = UInt64(bits & 0xFFFF) | extra &<< codeLength
          put(
            UInt64(match & 0xFF_FFFF) | distanceField &<< lengthCount,
            Int(lengthCount) &+ Int(codeLength)
              &+ (distanceCode < 4 ? 0 : distanceCode / 2 - 1))
          if let counts {
            counts[257 &+ Int(DeflateAlphabet.lengthCodeIndex[bestLength])] &+= 1
            counts[286 &+ distanceCode] &+= 1
          }
          if hashed && bestLength <= Self.insertLimit {
            let insertEnd = min(position &+ bestLength, segmentEnd &- 3)
            var next = position &+ 1
            while next < insertEnd {
              insert(next)
              next &+= 1
            }
          }
          position &+= bestLength
          lastDistance = bestDistance
        } else {
          let literalEnd = min(position &+ missStep, segmentEnd)
          while position < literalEnd {
            let literal = Int(source.load(fromByteOffset: position, as: UInt8.self))
            let bits = literalBits[literal]
            put(UInt64(bits & 0xFF_FFFF), Int(bits >> 24))
            counts?[literal] &+= 1
            position &+= 1
          }
        }
      }
      let bitCount = (out &- first) &* 8 &+ Int(pending)
      if pending > 0 {
        out &+= 1
        register = 0
        pending = 0
      }
      spans[row &* stride] = SegmentSpan(
        offset: Int32(truncatingIfNeeded: first), bitCount: Int32(truncatingIfNeeded: bitCount))
    }
    return out
  }
}

extension DeflateBitWriter {
  /// Appends `bitCount` bits from `bytes` (least significant first), which must have 8
  /// readable bytes past the last it covers.
  @inline(__always)
  mutating func append(bits bytes: UnsafePointer<UInt8>, bitCount: Int) {
    let raw = UnsafeRawPointer(bytes)
    var offset = 0
    var left = bitCount
    // Each write stages 7 bytes; `makeRoom` leaves room for `roomBytes`.
    var writes = 0
    makeRoom()
    while left >= 56 {
      if writes == Self.roomBytes / 8 {
        makeRoom()
        writes = 0
      }
      writes &+= 1
      let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
      writeWithoutDrain(word & 0x00FF_FFFF_FFFF_FFFF, count: 56)
      offset &+= 7
      left &-= 56
    }
    if left > 0 {
      makeRoom()
      let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
      writeWithoutDrain(word & (1 &<< UInt64(left) &- 1), count: left)
    }
  }
}
