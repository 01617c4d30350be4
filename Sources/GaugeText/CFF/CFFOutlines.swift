/// The glyph outlines of a `CFF ` table (CFF version 1, Type 2 charstrings), name-keyed or CID-keyed.
///
/// Opening the table reads its header, the Name, Top DICT, String and Global Subrs INDEXes, the
/// Top DICT, the CharStrings INDEX, and the Private DICT and Local Subrs of the font or, for a
/// CID-keyed font such as Noto Sans CJK, of each Font DICT in the FDArray, with the FDSelect
/// that assigns glyphs to them. Charstrings run only when a glyph is drawn.
///
/// Edge cases:
/// - A CFF2 table (variable fonts) throws `FontError.unsupportedFormat`.
/// - Only the first font of the table is read: OpenType allows exactly one.
/// - A Private DICT without Subrs is fine until a glyph calls a local subroutine.
/// - The FontMatrix is not read: outlines are in font units, which `scale` converts.
package struct CFFOutlines: Sendable {
  /// Font DICTs in a CID-keyed font: FDSelect stores their index in one byte.
  static let fontDictLimit = 256

  private let reader: FontReader
  private let charStrings: CFFIndex
  private let globalSubrs: CFFIndex
  /// Each Font DICT's Local Subrs (one entry for a name-keyed font), `nil` where it has none.
  private let localSubrs: [CFFIndex?]
  /// Which Font DICT each glyph uses; `nil` in a name-keyed font, whose glyphs all use one.
  private let fontDictSelect: CFFFontDictSelect?

  /// The number of glyphs: the charstrings the table holds.
  package var glyphCount: Int { charStrings.count }

  /// Reads the `CFF ` table at `table` in the font file that `reader` reads. Internal, as
  /// `FontReader` is: `FontFace` makes it.
  ///
  /// - Throws: `FontError.malformed` if a structure is truncated, lies outside the table or
  ///   is inconsistent; `FontError.unsupportedFormat` for CFF2 or charstrings of type 1.
  init(reader: FontReader, table: (offset: Int, length: Int)) throws(FontError) {
    self.reader = reader
    try reader.require(table.offset, table.length, "the CFF table")
    let start = table.offset
    let limit = table.offset + table.length
    let major = try reader.uint8(start)
    guard major != 2 else {
      throw .unsupportedFormat(
        "the font has CFF2 outlines (a variable font), which GaugeText does not read")
    }
    guard major == 1 else { throw .malformed("the CFF table has major version \(major), not 1") }
    let headerSize = Int(try reader.uint8(start + 2))
    guard headerSize >= 4 else {
      throw .malformed("the CFF header is \(headerSize) bytes long, shorter than its 4 fields")
    }

    let names = try CFFIndex(
      reader: reader, at: start + headerSize, limit: limit, name: "the Name INDEX")
    let topDicts = try CFFIndex(
      reader: reader, at: names.end, limit: limit, name: "the Top DICT INDEX")
    let strings = try CFFIndex(
      reader: reader, at: topDicts.end, limit: limit, name: "the String INDEX")
    globalSubrs = try CFFIndex(
      reader: reader, at: strings.end, limit: limit, name: "the Global Subrs INDEX")
    guard topDicts.count > 0 else { throw .malformed("the CFF table holds no font") }
    let top = try CFFDictionary(reader: reader, range: topDicts.item(0), name: "the Top DICT")

    if let type = top[.charstringType], type != [2] {
      throw .unsupportedFormat(
        "the CFF table's CharstringType is not 2: only Type 2 charstrings are read")
    }
    guard let charStringsOffset = try top.offset(.charStrings) else {
      throw .malformed("the Top DICT gives no CharStrings offset")
    }
    charStrings = try CFFIndex(
      reader: reader, at: start + charStringsOffset, limit: limit, name: "the CharStrings INDEX")
    guard charStrings.count > 0 else { throw .malformed("the CharStrings INDEX is empty") }

    guard top[.registryOrderingSupplement] != nil else {
      localSubrs = [try Self.localSubrs(reader, of: top, cffStart: start, limit: limit)]
      fontDictSelect = nil
      return
    }
    guard let arrayOffset = try top.offset(.fontDictArray),
      let selectOffset = try top.offset(.fontDictSelect)
    else {
      throw .malformed("the CID-keyed Top DICT lacks an FDArray or FDSelect offset")
    }
    let fontDicts = try CFFIndex(
      reader: reader, at: start + arrayOffset, limit: limit, name: "the FDArray INDEX")
    guard (1...Self.fontDictLimit).contains(fontDicts.count) else {
      throw .malformed("the FDArray holds \(fontDicts.count) Font DICTs, not 1-256")
    }
    var subroutines: [CFFIndex?] = []
    for index in 0..<fontDicts.count {
      let fontDict = try CFFDictionary(
        reader: reader, range: fontDicts.item(index), name: "Font DICT \(index)")
      subroutines.append(try Self.localSubrs(reader, of: fontDict, cffStart: start, limit: limit))
    }
    localSubrs = subroutines
    fontDictSelect = try CFFFontDictSelect(
      reader: reader, at: start + selectOffset, limit: limit, glyphCount: charStrings.count,
      fontDictCount: fontDicts.count)
  }

  /// Sends `glyph`'s outline to `sink` at `scale` sink units per font unit, y flipped to point
  /// down, with the glyph's origin at (0, 0); a glyph with no outline (a space) sends nothing.
  ///
  /// - Parameter limits: How far from the origin, in font units, a point may lie, and how
  ///   long the outline may be from point to point (the face allows
  ///   `FontFace.outlineReachInEms` and `outlineLengthInEms`).
  /// - Throws: `FontError.malformed` if the glyph does not exist or its charstring is broken
  ///   or breaks a limit (the sink may then have received part of the outline);
  ///   `FontError.unsupportedFormat` for an accented glyph built with `seac`.
  package func outline(
    of glyph: UInt16, scale: Double, limits: (reach: Double, length: Double),
    into sink: inout some OutlineSink
  ) throws(FontError) {
    guard Int(glyph) < glyphCount else { throw .malformed("glyph \(glyph) does not exist") }
    let fontDict = try fontDictSelect?.fontDict(for: Int(glyph)) ?? 0
    var interpreter = Type2Interpreter(
      reader: reader, glyph: glyph, globalSubrs: globalSubrs, localSubrs: localSubrs[fontDict],
      scale: scale, limits: limits)
    try interpreter.draw(try charStrings.item(Int(glyph)), into: &sink)
  }

  /// The Local Subrs of the Private DICT that `dict` (a Top DICT or Font DICT) points to, if
  /// it has any. Their offset counts from the start of the Private DICT.
  private static func localSubrs(
    _ reader: FontReader, of dict: CFFDictionary, cffStart: Int, limit: Int
  ) throws(FontError) -> CFFIndex? {
    guard let size = try dict.offset(.privateDict, operand: 0),
      let offset = try dict.offset(.privateDict, operand: 1)
    else { return nil }
    let privateStart = cffStart + offset
    guard offset <= limit - cffStart, size <= limit - privateStart else {
      throw .malformed("\(dict.name)'s Private DICT (\(size) bytes at \(offset)) is past the table")
    }
    let privateDict = try CFFDictionary(
      reader: reader, range: privateStart..<(privateStart + size),
      name: "\(dict.name)'s Private DICT")
    guard let subrsOffset = try privateDict.offset(.subroutines) else { return nil }
    return try CFFIndex(
      reader: reader, at: privateStart + subrsOffset, limit: limit,
      name: "\(dict.name)'s Local Subrs INDEX")
  }
}
