extension BatchOutput {
  /// `{"id":"…","png":"…"}` and a newline, the PNG file in standard base64 (RFC 4648,
  /// section 4: `+` and `/`, padded with `=`), which needs no escaping in JSON.
  package static func jsonLine(id: String, png: [UInt8]) -> [UInt8] {
    let head = Array(#"{"id":""#.utf8) + Array(id.utf8) + Array(#"","png":""#.utf8)
    var line = head
    line.reserveCapacity(head.count + (png.count + 2) / 3 * 4 + 3)
    appendBase64(png, to: &line)
    line += Array("\"}\n".utf8)
    return line
  }

  /// Appends `bytes` in standard base64 with padding.
  package static func appendBase64(_ bytes: [UInt8], to output: inout [UInt8]) {
    let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
    var index = 0
    while index + 3 <= bytes.count {
      let group =
        UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2])
      output += [18, 12, 6, 0].map { alphabet[Int(group >> $0 & 63)] }
      index += 3
    }
    let left = bytes.count - index
    guard left > 0 else { return }
    let group = UInt32(bytes[index]) << 16 | (left == 2 ? UInt32(bytes[index + 1]) << 8 : 0)
    output += [18, 12, 6].prefix(left + 1).map { alphabet[Int(group >> $0 & 63)] }
    output += [UInt8](repeating: UInt8(ascii: "="), count: 3 - left)
  }
}
