import GaugePNG

extension ColorBitmaps {
  /// Decodes the image record at `location`: its metrics (in the record, or in the index
  /// for format 19), then its PNG, which must be the size the metrics give.
  ///
  /// - Throws: `FontError.malformed` naming `glyph` if the record is shorter than its
  ///   fields or its PNG's stated length, the PNG does not decode, or its size disagrees with
  ///   the metrics (FreeType refuses such glyphs too: the metrics would place the image
  ///   wrongly).
  func image(at location: ImageLocation, glyph: UInt16, ppem: Int) throws(FontError)
    -> BitmapGlyph
  {
    let metrics: Metrics
    let lengthField: Int
    switch location.imageFormat {
    case 17:
      metrics = try self.metrics(at: location.offset)
      lengthField = 5
    case 18:
      metrics = try self.metrics(at: location.offset)
      lengthField = 8
    default:
      guard let indexed = location.metrics else {
        throw .malformed("glyph \(glyph) has image format 19 but its index holds no metrics")
      }
      metrics = indexed
      lengthField = 0
    }
    guard location.length >= lengthField + 4 else {
      throw .malformed("glyph \(glyph)'s image record of \(location.length) bytes is too short")
    }
    let pngLength = Int(try reader.uint32(location.offset + lengthField))
    let pngStart = location.offset + lengthField + 4
    guard pngLength <= location.length - lengthField - 4 else {
      throw .malformed(
        "glyph \(glyph)'s PNG of \(pngLength) bytes overruns its \(location.length)-byte record")
    }
    let decoded: DecodedImage
    do {
      decoded = try PNGDecoder.decode(
        reader.bytes[pngStart..<(pngStart + pngLength)],
        maximumPixels: Self.maximumSide * Self.maximumSide)
    } catch {
      throw .malformed("glyph \(glyph)'s PNG: \(error.description)")
    }
    guard decoded.width == metrics.width, decoded.height == metrics.height else {
      throw .malformed(
        "glyph \(glyph)'s PNG is \(decoded.width)x\(decoded.height) pixels but its metrics say "
          + "\(metrics.width)x\(metrics.height)")
    }
    return BitmapGlyph(
      width: decoded.width, height: decoded.height, bearingX: metrics.bearingX,
      bearingY: metrics.bearingY, advance: metrics.advance, ppem: ppem, rgba: decoded.rgba)
  }
}
