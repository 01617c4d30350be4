/// A strong entity tag (RFC 9110 §8.8.3) made from a request's canonical form, so every
/// replica gives the same tag for the same image without drawing it first.
///
/// The tag is 128-bit FNV-1a in hex: not a security hash, but the canonical text is
/// the client's own request, so there is nothing for a collision to gain.
struct EntityTag: Sendable, Hashable {
  /// The opaque part, without quotes.
  let opaque: String

  init(canonical: String) {
    var hash: UInt128 = 0x6c62_272e_07bb_0142_62b8_2175_6295_c58d
    let prime: UInt128 = 0x0000_0000_0100_0000_0000_0000_0000_013B
    for byte in canonical.utf8 {
      hash ^= UInt128(byte)
      hash &*= prime
    }
    opaque = EntityTag.hex(hash)
  }

  /// `value` as 32 lowercase hex digits, leading zeros kept: what `String(value, radix: 16)`
  /// padded to 32 gives, without its generic (and, for `UInt128`, slow) path.
  static func hex(_ value: UInt128) -> String {
    String(unsafeUninitializedCapacity: 32) { digits in
      for index in 0..<32 {
        let nibble = UInt8(truncatingIfNeeded: value &>> (124 - 4 * index)) & 0xF
        digits[index] = nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") - 10 + nibble
      }
      return 32
    }
  }

  /// `"…"`, as the `ETag` header carries it.
  var header: String { "\"" + opaque + "\"" }

  /// Whether an `If-None-Match` value names this tag: `*`, or a comma-separated list of
  /// tags, weak (`W/"…"`) or strong. RFC 9110 §13.1.2 compares weakly here, so `W/"x"`
  /// matches `"x"`. Unquoted or broken entries match nothing.
  func matches(ifNoneMatch field: String) -> Bool {
    var rest = Substring(field)
    while true {
      rest = rest.drop { $0 == " " || $0 == "\t" || $0 == "," }
      if rest.isEmpty { return false }
      if rest.hasPrefix("*") { return true }
      if rest.hasPrefix("W/") { rest = rest.dropFirst(2) }
      guard rest.hasPrefix("\"") else {
        // Skip a malformed entry up to the next comma.
        rest = rest.drop { $0 != "," }
        continue
      }
      let body = rest.dropFirst()
      guard let close = body.firstIndex(of: "\"") else { return false }
      if body[..<close] == opaque { return true }
      rest = body[body.index(after: close)...]
    }
  }
}
