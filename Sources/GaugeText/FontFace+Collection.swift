extension FontFace {
  /// Every face of a font file, in index order: one for a single font, all of a collection.
  ///
  /// - Throws: as ``init(data:index:)``, for the first face that cannot be read.
  package static func faces(in data: [UInt8]) throws(FontError) -> [FontFace] {
    try (0..<faceCount(in: data)).map { index throws(FontError) in
      try FontFace(data: data, index: index)
    }
  }

  /// Every face of a caller's font file (`--font`, `FontSet(fontFiles:)`), each text face
  /// checked to draw the digits 0-9, which every readout needs; colour emoji faces are not.
  ///
  /// - Throws: as ``faces(in:)``, or `FontError.noDigits` naming the face of a collection.
  package static func callerFaces(in data: [UInt8]) throws(FontError) -> [FontFace] {
    let faces = try faces(in: data)
    for (index, face) in faces.enumerated() where !face.hasColorGlyphs {
      if let problem = face.digitProblem {
        throw .noDigits(faces.count > 1 ? "face \(index): \(problem)" : problem)
      }
    }
    return faces
  }
}
