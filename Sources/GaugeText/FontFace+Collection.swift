extension FontFace {
  /// Every face of a font file, in index order: one for a single font, all of a collection.
  ///
  /// - Throws: as ``init(data:index:)``, for the first face that cannot be read.
  package static func faces(in data: [UInt8]) throws(FontError) -> [FontFace] {
    try (0..<faceCount(in: data)).map { index throws(FontError) in
      try FontFace(data: data, index: index)
    }
  }
}
