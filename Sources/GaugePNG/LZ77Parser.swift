/// Greedy LZ77 matching over hash chains, feeding blocks to a `DeflateBlockWriter`.
///
/// Images are mostly runs of one colour and rows that repeat the row above, so before any
/// hashing each position tries a few distances that are likely to match: the last match's
/// distance, one pixel and one row. A long enough match there is taken at once, and the
/// positions it covers are never hashed, so a 258-byte run costs one token and about 33
/// eight-byte comparisons. Only what those miss goes to the hash chains: every position with
/// four bytes left is hashed on those four bytes (so the shortest match is 4, not deflate's 3:
/// three-byte matches rarely pay for their distance code in images), and the walk is short.
struct LZ77Parser {
  static let tokensPerBlock = 1 << 14
  static let hashBits = 15
  static let windowMask = DeflateAlphabet.maximumDistance - 1
  /// A match from the likely distances at least this long skips the hash chains.
  private static let quickLength = 16
  /// Chain steps per position, and once a match of `goodLength` is found.
  private static let chainLimit = 8
  private static let goodLength = 32
  private static let goodChain = 4
  /// A match of `niceLength` ends the search.
  private static let niceLength = 128
  /// Matches from the chains up to this length have their inner positions hashed too.
  private static let insertLimit = 4

  private var writer: DeflateBlockWriter
  private let tables: LZ77Tables
  /// Distances to try before hashing; 0 for none.
  private let pixelLength: Int
  private let rowLength: Int
  /// Bytes emitted as literals when a position finds no match: a whole pixel, as a match
  /// rarely starts inside a pixel whose first byte found none. Five percent larger files
  /// and a fifth less time on GaugeKit's figures.
  private let missStep: Int

  /// `pixelLength` and `rowLength` are the distances to the left and upper neighbours in the
  /// input, when it is image rows; 0 when it is not.
  init(
    writer: DeflateBlockWriter, pixelLength: Int = 0, rowLength: Int = 0,
    tables: LZ77Tables = LZ77Tables()
  ) {
    self.writer = writer
    self.tables = tables
    self.pixelLength = pixelLength
    self.rowLength = rowLength <= DeflateAlphabet.maximumDistance ? rowLength : 0
    missStep = min(max(1, pixelLength), 4)
  }

  /// Compresses all of `input` as blocks of a stream that starts with an empty window: its
  /// final blocks when `isLast`, otherwise blocks that end with an empty stored block (a sync
  /// flush), so the output ends on a byte boundary and another stream's blocks may follow.
  mutating func compress(_ input: UnsafeRawBufferPointer, isLast: Bool = true) {
    // Positions are kept as Int32, counted from the tables' base; PNG's largest input (8192
    // rows of 32769 bytes) is far below.
    precondition(
      tables.base + input.count < Int(Int32.max), "Deflate input must be under 2 GiB.")
    let base = tables.base
    tables.base += input.count
    let head = tables.head
    let previous = tables.previous
    let tokens = tables.tokens
    let literalCounts = tables.literalCounts
    let distanceCounts = tables.distanceCounts
    let lengthCodeIndex = tables.lengthCodeIndex
    guard let source = input.baseAddress, input.count > 0 else {
      writer.writeBlock(
        tokens: UnsafeBufferPointer(start: tokens, count: 0), counts: tables.takeCounts(),
        source: input, isFinal: isLast)
      if !isLast { writer.writeSyncFlush() }
      writer.bits.finish()
      return
    }
    let count = input.count
    var position = 0
    var blockStart = 0
    var tokenCount = 0

    // Positions, distances and lengths are all below 2^31 (the precondition above), so their
    // sums and differences never overflow: the loop's arithmetic wraps, which spares it an
    // overflow check per operation.
    @inline(__always) func hash(_ at: Int) -> Int {
      let word = UInt32(littleEndian: source.loadUnaligned(fromByteOffset: at, as: UInt32.self))
      return Int((word &* 0x9E37_79B1) >> UInt32(32 - Self.hashBits))
    }
    // Table entries are positions plus `base`; an earlier input's are below it, so they
    // read as negative here, as an empty slot does: each input starts from an empty window.
    @inline(__always) func insert(_ at: Int) {
      let slot = hash(at)
      previous[(base &+ at) & Self.windowMask] = head[slot]
      head[slot] = Int32(truncatingIfNeeded: base &+ at)
    }

    var lastDistance = 0
    while position < count {
      var bestLength = 0
      var bestDistance = 0
      var hashed = false
      if position &+ 4 <= count {
        let limit = min(DeflateAlphabet.maximumMatch, count &- position)
        let here = source.loadUnaligned(fromByteOffset: position, as: UInt32.self)
        // Is the last distance, the pixel to the left or the pixel above already good enough?
        // Each later distance is extended only if it agrees one byte past the best so far.
        @inline(__always) func tryDistance(_ distance: Int) {
          guard distance > 0 && distance <= position && distance != bestDistance else { return }
          let start = position &- distance
          guard source.loadUnaligned(fromByteOffset: start, as: UInt32.self) == here,
            bestLength < 4
              || source.load(fromByteOffset: start &+ bestLength, as: UInt8.self)
                == source.load(fromByteOffset: position &+ bestLength, as: UInt8.self)
          else { return }
          let length = Self.matchLength(source, start, position, limit: limit)
          if length > bestLength {
            bestLength = length
            bestDistance = distance
          }
        }
        tryDistance(lastDistance)
        if bestLength < limit { tryDistance(pixelLength) }
        if bestLength < limit { tryDistance(rowLength) }
        if bestLength < Self.quickLength {
          hashed = true
          let slot = hash(position)
          var candidate = Int(head[slot]) &- base
          previous[(base &+ position) & Self.windowMask] = head[slot]
          head[slot] = Int32(truncatingIfNeeded: base &+ position)
          // Past `limit` nothing can improve, and the byte probe below would read beyond it.
          let enough = min(Self.niceLength, limit)
          var chain = bestLength >= Self.goodLength ? Self.goodChain : Self.chainLimit
          // Candidates come newest first; the window check also keeps `previous` slots from
          // being read after a newer position reused them.
          while candidate >= 0 && position &- candidate < DeflateAlphabet.maximumDistance
            && chain > 0 && bestLength < enough
          {
            if source.loadUnaligned(fromByteOffset: candidate, as: UInt32.self) == here
              && (bestLength < 4
                || source.load(fromByteOffset: candidate &+ bestLength, as: UInt8.self)
                  == source.load(fromByteOffset: position &+ bestLength, as: UInt8.self))
            {
              let length = Self.matchLength(source, candidate, position, limit: limit)
              if length > bestLength {
                bestLength = length
                bestDistance = position &- candidate
                if length >= Self.goodLength { chain = min(chain, Self.goodChain) }
              }
            }
            candidate = Int(previous[(base &+ candidate) & Self.windowMask]) &- base
            chain &-= 1
          }
        }
      }
      if bestLength >= 4 {
        tokens[tokenCount] = UInt32(bestLength) << 16 | UInt32(bestDistance)
        literalCounts[257 &+ Int(lengthCodeIndex[bestLength])] &+= 1
        distanceCounts[DeflateAlphabet.distanceCode(bestDistance)] &+= 1
        if hashed && bestLength <= Self.insertLimit {
          let insertEnd = min(position + bestLength, count - 3)
          var next = position + 1
          while next < insertEnd {
            insert(next)
            next += 1
          }
        }
        position &+= bestLength
        lastDistance = bestDistance
      } else {
        let literalEnd = min(position &+ missStep, count)
        while position < literalEnd {
          let literal = source.load(fromByteOffset: position, as: UInt8.self)
          tokens[tokenCount] = UInt32(literal)
          literalCounts[Int(literal)] &+= 1
          position &+= 1
          tokenCount &+= 1
        }
        tokenCount &-= 1
      }
      tokenCount &+= 1
      if tokenCount >= Self.tokensPerBlock {
        writer.writeBlock(
          tokens: UnsafeBufferPointer(start: tokens, count: tokenCount),
          counts: tables.takeCounts(),
          source: UnsafeRawBufferPointer(rebasing: input[blockStart..<position]),
          isFinal: isLast && position == count)
        blockStart = position
        tokenCount = 0
      }
    }
    if tokenCount > 0 || blockStart < count {
      writer.writeBlock(
        tokens: UnsafeBufferPointer(start: tokens, count: tokenCount),
        counts: tables.takeCounts(),
        source: UnsafeRawBufferPointer(rebasing: input[blockStart..<count]), isFinal: isLast)
    }
    if !isLast { writer.writeSyncFlush() }
    writer.bits.finish()
  }

  /// How far the bytes at `earlier` and `later` agree, given that the first four do, compared
  /// sixteen bytes at a time (a run of one colour is most matches, and most of them reach
  /// 258), then eight, then one.
  @inline(__always)
  static func matchLength(
    _ source: UnsafeRawPointer, _ earlier: Int, _ later: Int, limit: Int
  ) -> Int {
    var length = 4
    while length &+ 16 <= limit {
      let a = source.loadUnaligned(fromByteOffset: earlier &+ length, as: UInt64.self)
      let b = source.loadUnaligned(fromByteOffset: later &+ length, as: UInt64.self)
      let c = source.loadUnaligned(fromByteOffset: earlier &+ length &+ 8, as: UInt64.self)
      let d = source.loadUnaligned(fromByteOffset: later &+ length &+ 8, as: UInt64.self)
      if (a ^ b) | (c ^ d) != 0 {
        let low = UInt64(littleEndian: a ^ b)
        if low != 0 { return length &+ low.trailingZeroBitCount >> 3 }
        return length &+ 8 &+ UInt64(littleEndian: c ^ d).trailingZeroBitCount >> 3
      }
      length &+= 16
    }
    while length &+ 8 <= limit {
      let a = UInt64(
        littleEndian: source.loadUnaligned(fromByteOffset: earlier &+ length, as: UInt64.self))
      let b = UInt64(
        littleEndian: source.loadUnaligned(fromByteOffset: later &+ length, as: UInt64.self))
      if a != b { return length &+ (a ^ b).trailingZeroBitCount >> 3 }
      length &+= 8
    }
    while length < limit
      && source.load(fromByteOffset: earlier &+ length, as: UInt8.self)
        == source.load(fromByteOffset: later &+ length, as: UInt8.self)
    {
      length &+= 1
    }
    return length
  }
}

/// The hash chains and token buffer of `LZ77Parser`, allocated and cleared once for inputs
/// compressed one after another (the bands of an image): each input's positions are stored
/// past the previous input's, so the entries of earlier inputs read as empty slots, with no
/// clearing between them.
final class LZ77Tables {
  /// The newest position of each hash, or below `base` for none.
  let head: UnsafeMutablePointer<Int32>
  /// Each position's previous position of the same hash, by position modulo the window.
  let previous: UnsafeMutablePointer<Int32>
  let tokens: UnsafeMutablePointer<UInt32>
  /// How often each literal/length symbol and each distance code occurs in the tokens of
  /// the block being gathered, counted as the tokens are made; zero between blocks.
  let literalCounts: UnsafeMutablePointer<UInt32>
  let distanceCounts: UnsafeMutablePointer<UInt32>
  /// `DeflateAlphabet.lengthCodeIndex`, where the parser's loop reads it without a check.
  let lengthCodeIndex: UnsafeMutablePointer<UInt8>
  /// Where the next input's positions start.
  var base = 0

  init() {
    head = UnsafeMutablePointer<Int32>.allocate(capacity: 1 << LZ77Parser.hashBits)
    head.initialize(repeating: -1, count: 1 << LZ77Parser.hashBits)
    // A position's slot is written when it is hashed, before any chain can lead to it.
    previous = UnsafeMutablePointer<Int32>.allocate(capacity: LZ77Parser.windowMask + 1)
    tokens = UnsafeMutablePointer<UInt32>.allocate(capacity: LZ77Parser.tokensPerBlock + 8)
    literalCounts = UnsafeMutablePointer<UInt32>.allocate(
      capacity: DeflateAlphabet.literalLengthSymbols)
    literalCounts.initialize(repeating: 0, count: DeflateAlphabet.literalLengthSymbols)
    distanceCounts = UnsafeMutablePointer<UInt32>.allocate(
      capacity: DeflateAlphabet.distanceSymbols)
    distanceCounts.initialize(repeating: 0, count: DeflateAlphabet.distanceSymbols)
    lengthCodeIndex = UnsafeMutablePointer<UInt8>.allocate(
      capacity: DeflateAlphabet.lengthCodeIndex.count)
    lengthCodeIndex.initialize(
      from: DeflateAlphabet.lengthCodeIndex, count: DeflateAlphabet.lengthCodeIndex.count)
  }

  /// Starts positions from 0 again, with every hash slot empty, once they pass 2^30: tables
  /// handed from image to image would otherwise reach `Int32`'s limit after some 4,000
  /// images of 400 px. The `previous` slots need no clearing: a position's is written before
  /// any chain leads to it.
  func rewindIfNeeded() {
    guard base > 1 << 30 else { return }
    head.update(repeating: -1, count: 1 << LZ77Parser.hashBits)
    base = 0
  }

  /// The counts of the block gathered so far, and zero counts for the next.
  func takeCounts() -> (literals: [UInt32], distances: [UInt32]) {
    let literals = Array(
      UnsafeBufferPointer(start: literalCounts, count: DeflateAlphabet.literalLengthSymbols))
    let distances = Array(
      UnsafeBufferPointer(start: distanceCounts, count: DeflateAlphabet.distanceSymbols))
    literalCounts.update(repeating: 0, count: DeflateAlphabet.literalLengthSymbols)
    distanceCounts.update(repeating: 0, count: DeflateAlphabet.distanceSymbols)
    return (literals, distances)
  }

  deinit {
    head.deallocate()
    previous.deallocate()
    tokens.deallocate()
    literalCounts.deallocate()
    distanceCounts.deallocate()
    lengthCodeIndex.deallocate()
  }
}
