import GaugeText

extension FontSet {
  /// The families an SVG's `font-family` names for one text, before the generic ones, in the
  /// font set's order: every family that draws the text, then DejaVu Sans. Empty when DejaVu
  /// Sans draws it all, so that such a text keeps the group's usual list.
  ///
  /// A name is kept to letters, digits, spaces, '-', '_' and '.', so that a font file's own
  /// name can never end the CSS string it is written in.
  func svgFamilies(of text: String, weight: FontWeight) -> [String] {
    let faces = faceIndices(of: text, weight: weight)
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
