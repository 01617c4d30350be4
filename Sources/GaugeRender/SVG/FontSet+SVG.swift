import GaugeText

extension FontSet {
  /// The families an SVG's `font-family` names for one text, before the generic ones, in the
  /// font set's order: every family that draws the text, then DejaVu Sans. Empty when DejaVu
  /// Sans draws it all, so that such a text keeps the group's usual list.
  ///
  /// A name is kept to letters, digits, spaces, '-', '_' and '.', so that a font file's own
  /// name can never end the CSS string it is written in.
  func svgFamilies(of text: String, weight: FontWeight) -> [String] {
    svgFamilies(faces: faceIndices(of: text, weight: weight))
  }

  /// `svgFamilies(of:weight:)` for a delta ("▲ 7"): the arrow and the number are looked up
  /// apart, so the arrow is shaped once per font set and the number (ASCII digits, most
  /// often) takes the fast path, instead of shaping every new delta whole.
  func svgFamilies(ofDelta text: String, weight: FontWeight) -> [String] {
    // The space is found among the bytes: splitting there never cuts a character, and
    // finding it needs no grapheme breaking.
    guard let space = text.utf8.firstIndex(of: UInt8(ascii: " ")) else {
      return svgFamilies(of: text, weight: weight)
    }
    var faces = faceIndices(of: String(text[..<space]), weight: weight)
    for face in faceIndices(of: String(text[space...]), weight: weight)
    where !faces.contains(face) {
      faces.append(face)
    }
    return svgFamilies(faces: faces)
  }

  private func svgFamilies(faces: [Int]) -> [String] {
    if faces.allSatisfy(isBundled) { return [] }
    var families = familyNames(faces.sorted()).map { name in
      String(
        name.unicodeScalars.filter { scalar in
          scalar.properties.isAlphabetic || scalar.properties.numericType != nil
            || " -_.".unicodeScalars.contains(scalar)
        }.map(Character.init))
    }.filter { !$0.isEmpty }
    if !families.contains("DejaVu Sans") { families.append("DejaVu Sans") }
    return families == ["DejaVu Sans"] ? [] : families
  }
}
