/// The bytes a name may hold where it must fit a file name, a `NAME VALUE` line, an
/// environment variable and a JSON key unchanged: ASCII letters, digits, `.`, `_` and `-`.
package enum NameBytes {
  /// Whether `byte` may stand in such a name.
  package static func allows(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "_"),
      UInt8(ascii: "-"):
      return true
    default:
      return false
    }
  }
}
