extension RunShaper {
  /// The run normalised as HarfBuzz's "composed diacritics" mode does: each scalar
  /// decomposed where `face` lacks it and has its parts (and in a cluster of several
  /// scalars, as far as the face has the parts), marks put in canonical order (stable by
  /// HarfBuzz's modified combining classes), then each mark composed with its starter where
  /// Unicode has the composite, the mark is not blocked and `face` has the composite's glyph.
  /// A composite takes the smallest cluster of its parts.
  ///
  /// Edge cases: a scalar the face lacks and cannot decompose stays as it is (.notdef).
  static func normalize(_ items: [Item], face: FontFace) -> [Item] {
    guard
      items.contains(where: {
        $0.scalar.properties.generalCategory.isMark || face.glyph(for: $0.scalar) == 0
      })
    else { return items }
    var items = decompose(items, face: face)
    // Canonical ordering, within each run of marks with a non-zero class.
    var start = 0
    while start < items.count {
      guard combiningClass(items[start].scalar) != 0 else {
        start += 1
        continue
      }
      var end = start + 1
      while end < items.count, combiningClass(items[end].scalar) != 0 { end += 1 }
      if end - start > 1 {
        let sorted = items[start..<end].enumerated().sorted {
          let (a, b) = (combiningClass($0.element.scalar), combiningClass($1.element.scalar))
          return a != b ? a < b : $0.offset < $1.offset
        }.map(\.element)
        items.replaceSubrange(start..<end, with: sorted)
      }
      start = end
    }
    // Recomposition.
    var output: [Item] = []
    output.reserveCapacity(items.count)
    var starter: Int?
    for item in items {
      if let starterIndex = starter, item.scalar.properties.generalCategory.isMark,
        starterIndex == output.count - 1
          || combiningClass(output[output.count - 1].scalar) < combiningClass(item.scalar),
        let composite = compose(output[starterIndex].scalar, item.scalar),
        face.glyph(for: composite) != 0
      {
        output[starterIndex].scalar = composite
        let cluster = Swift.min(output[starterIndex].cluster, item.cluster)
        for index in starterIndex..<output.count { output[index].cluster = cluster }
        continue
      }
      output.append(item)
      if combiningClass(item.scalar) == 0 { starter = output.count - 1 }
    }
    return output
  }

  /// `items` with each scalar decomposed as HarfBuzz does: a scalar alone in its cluster
  /// only if the face lacks it (the shortest form the face has), one in a cluster of several
  /// as far as the face has the parts.
  static func decompose(_ items: [Item], face: FontFace) -> [Item] {
    var output: [Item] = []
    output.reserveCapacity(items.count)
    var start = 0
    while start < items.count {
      var end = start + 1
      while end < items.count, items[end].cluster == items[start].cluster { end += 1 }
      let shortest = end - start == 1
      for item in items[start..<end] {
        if shortest, face.glyph(for: item.scalar) != 0 {
          output.append(item)
        } else if let parts = decomposed(item.scalar, shortest: shortest, face: face, depth: 0) {
          for part in parts {
            output.append(Item(scalar: part, source: item.source, cluster: item.cluster))
          }
        } else {
          output.append(item)
        }
      }
      start = end
    }
    return output
  }

  /// The canonical decomposition of `scalar` into scalars the face has (HarfBuzz's
  /// `decompose`), nil if there is none.
  private static func decomposed(
    _ scalar: Unicode.Scalar, shortest: Bool, face: FontFace, depth: Int
  ) -> [Unicode.Scalar]? {
    // Canonical decompositions are at most 4 deep.
    guard depth < 8, let (first, second) = decomposition(of: scalar) else { return nil }
    if let second, face.glyph(for: second) == 0 { return nil }
    let tail = second.map { [$0] } ?? []
    let hasFirst = face.glyph(for: first) != 0
    if shortest, hasFirst { return [first] + tail }
    if let inner = decomposed(first, shortest: shortest, face: face, depth: depth + 1) {
      return inner + tail
    }
    return hasFirst ? [first] + tail : nil
  }

  /// The canonical decomposition of `scalar`: its first scalar and its second (nil for a
  /// singleton); nil if it has none.
  static func decomposition(of scalar: Unicode.Scalar) -> (Unicode.Scalar, Unicode.Scalar?)? {
    let table = UnicodeTables.decompositions
    let key = UInt64(scalar.value)
    var low = 0
    var high = table.count / 2
    while low < high {
      let middle = (low + high) / 2
      let found = table[2 * middle]
      if found == key {
        let value = table[2 * middle + 1]
        guard let first = Unicode.Scalar(UInt32(truncatingIfNeeded: value >> 21)) else {
          return nil
        }
        return (
          first,
          Unicode.Scalar(UInt32(truncatingIfNeeded: value & 0x1F_FFFF)).flatMap {
            $0.value == 0 ? nil : $0
          }
        )
      }
      if found < key { low = middle + 1 } else { high = middle }
    }
    return nil
  }

  /// The canonical composite of `first` and `second`, nil if Unicode has none.
  static func compose(_ first: Unicode.Scalar, _ second: Unicode.Scalar) -> Unicode.Scalar? {
    let key = UInt64(first.value) << 21 | UInt64(second.value)
    let table = UnicodeTables.compositions
    var low = 0
    var high = table.count / 2
    while low < high {
      let middle = (low + high) / 2
      let found = table[2 * middle]
      if found == key { return Unicode.Scalar(UInt32(truncatingIfNeeded: table[2 * middle + 1])) }
      if found < key { low = middle + 1 } else { high = middle }
    }
    return nil
  }

  /// HarfBuzz's modified combining class: Unicode's, with the Hebrew, Arabic, Thai and Lao
  /// classes renumbered so that marks sort as fonts expect (shadda before the vowel marks,
  /// Thai sara u before tone marks).
  static func combiningClass(_ scalar: Unicode.Scalar) -> Int {
    let value = Int(scalar.properties.canonicalCombiningClass.rawValue)
    switch value {
    // Hebrew.
    case 10: return 22
    case 11: return 15
    case 12: return 16
    case 13: return 17
    case 14: return 23
    case 15: return 18
    case 16: return 19
    case 17: return 20
    case 18: return 21
    case 19: return 14
    case 20: return 24
    case 21: return 12
    case 22: return 25
    case 23: return 13
    case 24: return 10
    case 25: return 11
    case 26: return 26
    // Arabic.
    case 27: return 28
    case 28: return 29
    case 29: return 30
    case 30: return 31
    case 31: return 32
    case 32: return 33
    case 33: return 27
    case 34: return 34
    case 35: return 35
    // Thai and Lao.
    case 103: return 3
    case 118: return 118
    default: return value
    }
  }
}
