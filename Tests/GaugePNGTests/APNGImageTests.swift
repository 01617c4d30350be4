import GaugePNG
import GaugeTestSupport
import Testing

@Suite struct APNGImageTests {
  static let width = 40
  static let height = 30

  /// A white canvas with a 4x6 dark block whose left edge is at `column`.
  static func frame(column: Int, alpha: UInt8 = 255) -> [UInt8] {
    var pixels = [UInt8]()
    for y in 0..<height {
      for x in 0..<width {
        let inBlock = (column..<(column + 4)).contains(x) && (10..<16).contains(y)
        pixels += inBlock ? [20, 20, 30, alpha] : [255, 255, 255, 255]
      }
    }
    return pixels
  }

  struct FrameControl: Equatable {
    let sequence: UInt32
    let width: UInt32
    let height: UInt32
    let x: UInt32
    let y: UInt32
    let delayNumerator: UInt16
    let delayDenominator: UInt16
    let dispose: UInt8
    let blend: UInt8

    init(_ data: [UInt8]) {
      sequence = PNGReader.bigEndian(data, 0)
      width = PNGReader.bigEndian(data, 4)
      height = PNGReader.bigEndian(data, 8)
      x = PNGReader.bigEndian(data, 12)
      y = PNGReader.bigEndian(data, 16)
      delayNumerator = PNGReader.bigEndian16(data, 20)
      delayDenominator = PNGReader.bigEndian16(data, 22)
      dispose = data[24]
      blend = data[25]
    }

    init(
      _ sequence: UInt32, _ width: UInt32, _ height: UInt32, _ x: UInt32, _ y: UInt32,
      _ numerator: UInt16, _ denominator: UInt16
    ) {
      self.sequence = sequence
      self.width = width
      self.height = height
      self.x = x
      self.y = y
      delayNumerator = numerator
      delayDenominator = denominator
      dispose = 0
      blend = 0
    }
  }

  static let frames = [frame(column: 2), frame(column: 5), frame(column: 5), frame(column: 20)]

  static func encodeSweep(delays: [Double] = [1.0 / 30, 0.04, 0.5, 0]) throws -> [UInt8] {
    try APNGImage.encode(
      frames: frames, width: width, height: height, delays: delays, defaultImage: frames[3])
  }

  @Test func chunkOrderAndAnimationControl() throws {
    let reader = try PNGReader(try Self.encodeSweep())
    #expect(
      reader.types == [
        "IHDR", "acTL", "IDAT", "fcTL", "fdAT", "fcTL", "fdAT", "fcTL", "fdAT", "fcTL", "fdAT",
        "IEND",
      ])
    // Four frames, played once.
    #expect(reader.first("acTL")?.data == [0, 0, 0, 4, 0, 0, 0, 1])
    #expect(reader.first("IHDR")?.data[9] == 2)
  }

  @Test func sequenceNumbersAndFrameRegions() throws {
    let reader = try PNGReader(try Self.encodeSweep())
    let controls = reader.chunks.filter { $0.type == "fcTL" }.map { FrameControl($0.data) }
    #expect(
      controls == [
        // The first frame covers the canvas.
        FrameControl(0, 40, 30, 0, 0, 1, 30),
        // Columns 2...8 changed (the block left 2...4 and reached 5...8), rows 10...15.
        FrameControl(2, 7, 6, 2, 10, 1, 25),
        // Nothing changed: the top-left pixel alone.
        FrameControl(4, 1, 1, 0, 0, 1, 2),
        FrameControl(6, 19, 6, 5, 10, 0, 1),
      ])
    let dataSequence = reader.chunks.filter { $0.type == "fdAT" }.map {
      PNGReader.bigEndian($0.data, 0)
    }
    #expect(dataSequence == [1, 3, 5, 7])
  }

  /// Decoding every fdAT and pasting it at its fcTL offset rebuilds every frame, and the IDAT
  /// image is the default image.
  @Test func framesRebuildFromRegions() throws {
    let reader = try PNGReader(try Self.encodeSweep())
    #expect(try reader.image().rgba == Self.frames[3])
    var canvas = [UInt8](repeating: 0, count: Self.width * Self.height * 4)
    var control: FrameControl?
    var rebuilt = [[UInt8]]()
    for chunk in reader.chunks {
      if chunk.type == "fcTL" { control = FrameControl(chunk.data) }
      guard chunk.type == "fdAT", let region = control else { continue }
      let pixels = try PNGReader.pixels(
        zlib: Array(chunk.data.dropFirst(4)), width: Int(region.width),
        height: Int(region.height), channels: 3)
      for row in 0..<Int(region.height) {
        for column in 0..<Int(region.width) {
          let target = ((Int(region.y) + row) * Self.width + Int(region.x) + column) * 4
          let source = (row * Int(region.width) + column) * 4
          canvas.replaceSubrange(target..<(target + 4), with: pixels[source..<(source + 4)])
        }
      }
      rebuilt.append(canvas)
    }
    #expect(rebuilt == Self.frames)
  }

  @Test func alphaInAnyFrameMakesRGBA() throws {
    let frames = [Self.frame(column: 1), Self.frame(column: 3, alpha: 100)]
    let png = try APNGImage.encode(
      frames: frames, width: Self.width, height: Self.height, delays: [0.1, 0.1],
      defaultImage: frames[0])
    let reader = try PNGReader(png)
    #expect(reader.first("IHDR")?.data[9] == 6)
    #expect(try reader.image().rgba == frames[0])
  }

  @Test(
    arguments: [
      (1.0 / 30, 1, 30), (1.0 / 60, 1, 60), (0.1, 1, 10), (0.04, 1, 25), (2.5, 5, 2),
      (0.0, 0, 1), (65535.0, 65535, 1), (0.123456, 1929, 15625),
    ] as [(Double, UInt16, UInt16)])
  func delaysAreFractions(seconds: Double, numerator: UInt16, denominator: UInt16) throws {
    let png = try APNGImage.encode(
      frames: [Self.frames[0]], width: Self.width, height: Self.height, delays: [seconds],
      defaultImage: Self.frames[0])
    let control = FrameControl(try PNGReader(png).first("fcTL")!.data)
    #expect(control.delayNumerator == numerator)
    #expect(control.delayDenominator == denominator)
  }

  @Test func encodingIsDeterministic() throws {
    #expect(try Self.encodeSweep() == Self.encodeSweep())
  }

  @Test func invalidAnimationsThrow() {
    let frame = Self.frames[0]
    #expect(throws: PNGError.noFrames) {
      try APNGImage.encode(frames: [], width: 40, height: 30, delays: [], defaultImage: frame)
    }
    #expect(throws: PNGError.delayCount(frames: 2, delays: 1)) {
      try APNGImage.encode(
        frames: [frame, frame], width: 40, height: 30, delays: [0.1], defaultImage: frame)
    }
    #expect(throws: PNGError.bufferLength(expected: 4800, actual: 4, frame: 1)) {
      try APNGImage.encode(
        frames: [frame, [0, 0, 0, 0]], width: 40, height: 30, delays: [0.1, 0.1],
        defaultImage: frame)
    }
    #expect(throws: PNGError.bufferLength(expected: 4800, actual: 0, frame: nil)) {
      try APNGImage.encode(
        frames: [frame], width: 40, height: 30, delays: [0.1], defaultImage: [])
    }
    #expect(throws: PNGError.sizeOutOfRange(width: 40, height: 9000)) {
      try APNGImage.encode(
        frames: [frame], width: 40, height: 9000, delays: [0.1], defaultImage: frame)
    }
    for delay in [-1, 65_536, .infinity] as [Double] {
      #expect(throws: PNGError.delayOutOfRange(frame: 0, seconds: delay)) {
        try APNGImage.encode(
          frames: [frame], width: 40, height: 30, delays: [delay], defaultImage: frame)
      }
    }
    do {
      _ = try APNGImage.encode(
        frames: [frame], width: 40, height: 30, delays: [.nan], defaultImage: frame)
      Issue.record("A NaN delay was accepted.")
    } catch {
      #expect(
        error.description == "The delay of frame 0 is nan s; delays must be 0...65535 seconds.")
    }
  }
}
