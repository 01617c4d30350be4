/// Animated PNG (APNG 1.0) files that play once and show their final state everywhere.
///
/// The IDAT image is the default image, outside the animation: viewers without APNG support
/// show it, and it should be the final frame. After it come one fcTL and fdAT group per
/// animation frame. Every frame after the first covers only the rectangle that changed since
/// the frame before (dispose op NONE, blend op SOURCE), so a pointer sweep over a still gauge
/// stores little more than the pointer and the readout per frame.
public enum APNGImage {
  /// Encodes an animation of straight (not premultiplied) RGBA frames.
  ///
  /// - Parameters:
  ///   - frames: the animation, each 4 bytes per pixel, rows top to bottom with no padding.
  ///   - width: pixels per row, 1...8192.
  ///   - height: rows, 1...8192.
  ///   - delays: seconds each frame stays on screen, one per frame, 0...65535; stored as a
  ///     fraction with 16-bit numerator and denominator: exact for 1/30, 0.04, 1/60 and any
  ///     other ratio of small integers, else the last continued-fraction convergent that fits.
  ///   - defaultImage: the still image for viewers without APNG support, usually the last frame.
  /// - Returns: the APNG file, RGB when every alpha of every image is 255, else RGBA.
  /// - Throws: `PNGError` for an empty animation, a delay count or value out of range, a size
  ///   out of range, or a buffer of the wrong length.
  ///
  /// Edge cases:
  /// - A frame identical to the one before is stored as its top-left pixel.
  /// - A delay of 0 asks viewers to show the next frame as soon as they can.
  public static func encode(
    frames: [[UInt8]], width: Int, height: Int, delays: [Double], defaultImage: [UInt8]
  ) throws(PNGError) -> [UInt8] {
    guard !frames.isEmpty else { throw .noFrames }
    guard delays.count == frames.count else {
      throw .delayCount(frames: frames.count, delays: delays.count)
    }
    try PNGImage.validate(defaultImage, width: width, height: height, frame: nil)
    for (index, frame) in frames.enumerated() {
      try PNGImage.validate(frame, width: width, height: height, frame: index)
    }
    var fractions = [FrameDelay]()
    for (index, seconds) in delays.enumerated() {
      guard let fraction = FrameDelay(seconds: seconds) else {
        throw .delayOutOfRange(frame: index, seconds: seconds)
      }
      fractions.append(fraction)
    }

    let opaque = ([defaultImage] + frames).allSatisfy { image in
      image.withUnsafeBytes { PNGImage.isOpaque($0) }
    }
    var png = PNGChunkStream(reservingCapacity: 1 << 16)
    png.appendHeader(width: width, height: height, opaque: opaque)
    var control = [UInt8]()
    PNGChunkStream.appendBigEndian(UInt32(frames.count), to: &control)
    PNGChunkStream.appendBigEndian(UInt32(1), to: &control)  // num_plays: once
    png.append("acTL", control)
    let still = defaultImage.withUnsafeBytes { pixels in
      PNGImage.compressedRegion(
        pixels.baseAddress!, width: width, height: height, rowBytes: 4 * width, opaque: opaque)
    }
    PNGImage.appendSplit("IDAT", still, to: &png)

    var sequence: UInt32 = 0
    for index in frames.indices {
      // The first frame must cover the canvas, which starts fully transparent.
      let region =
        index == 0
        ? FrameRegion(x: 0, y: 0, width: width, height: height)
        : FrameRegion(
          changedFrom: frames[index - 1], to: frames[index], width: width,
          height: height)
      png.append("fcTL", region.frameControl(sequence: sequence, delay: fractions[index]))
      sequence += 1
      let stream = frames[index].withUnsafeBytes { pixels in
        PNGImage.compressedRegion(
          pixels.baseAddress! + 4 * (region.y * width + region.x), width: region.width,
          height: region.height, rowBytes: 4 * width, opaque: opaque)
      }
      var offset = 0
      repeat {
        let end = min(offset + PNGChunkStream.maximumChunkData, stream.count)
        var number = [UInt8]()
        PNGChunkStream.appendBigEndian(sequence, to: &number)
        png.append("fdAT", prefix: number, stream[offset..<end])
        sequence += 1
        offset = end
      } while offset < stream.count
    }
    png.append("IEND", [])
    return png.bytes
  }
}
