/// Reads names from a face's `name` table.
enum FontNames {
  /// The typographic family (name 16), else the family (name 1): Windows' English (US) record
  /// first, then any Windows Unicode record, then a Macintosh Roman one; nil if none reads.
  static func family(_ reader: FontReader, _ table: (offset: Int, length: Int)) -> String? {
    guard let count = try? reader.uint16(table.offset + 2),
      let storage = try? reader.uint16(table.offset + 4)
    else { return nil }
    // (rank, name id preference) -> text; a lower rank wins.
    var best: (rank: Int, text: String)?
    for index in 0..<Int(count) {
      let record = table.offset + 6 + 12 * index
      guard let platform = try? reader.uint16(record),
        let encoding = try? reader.uint16(record + 2),
        let language = try? reader.uint16(record + 4),
        let nameID = try? reader.uint16(record + 6),
        let length = try? reader.uint16(record + 8),
        let offset = try? reader.uint16(record + 10),
        nameID == 16 || nameID == 1
      else { continue }
      let start = table.offset + Int(storage) + Int(offset)
      guard (try? reader.require(start, Int(length), "a name")) != nil else { continue }
      let bytes = reader.bytes[start..<(start + Int(length))]
      let idRank = nameID == 16 ? 0 : 3
      let rank: Int
      let text: String
      if platform == 3, encoding == 1 || encoding == 10 {
        rank = idRank + (language == 0x409 ? 0 : 1)
        text = utf16BigEndian(bytes)
      } else if platform == 0 {
        rank = idRank + 1
        text = utf16BigEndian(bytes)
      } else if platform == 1, encoding == 0 {
        rank = idRank + 2
        text = String(decoding: bytes.filter { $0 < 0x80 }, as: UTF8.self)
      } else {
        continue
      }
      guard !text.isEmpty, rank < best?.rank ?? .max else { continue }
      best = (rank, text)
    }
    return best?.text
  }

  private static func utf16BigEndian(_ bytes: ArraySlice<UInt8>) -> String {
    var units: [UInt16] = []
    units.reserveCapacity(bytes.count / 2)
    var index = bytes.startIndex
    while index + 1 < bytes.endIndex {
      units.append(UInt16(bytes[index]) << 8 | UInt16(bytes[index + 1]))
      index += 2
    }
    return String(decoding: units, as: UTF16.self)
  }
}
