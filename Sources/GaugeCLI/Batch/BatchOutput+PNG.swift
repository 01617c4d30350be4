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

  /// Appends `bytes` in standard base64 with padding, four characters for every three bytes
  /// written straight into `output`'s new tail.
  package static func appendBase64(_ bytes: [UInt8], to output: inout [UInt8]) {
    let alphabet: StaticString = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
    let encodedCount = (bytes.count + 2) / 3 * 4
    let start = output.count
    output += repeatElement(UInt8(ascii: "="), count: encodedCount)
    let digits = alphabet.utf8Start
    output.withUnsafeMutableBufferPointer { output in
      bytes.withUnsafeBufferPointer { bytes in
        var out = start
        var index = 0
        while index < bytes.count {
          let left = min(3, bytes.count - index)
          var group = UInt32(bytes[index]) << 16
          if left > 1 { group |= UInt32(bytes[index + 1]) << 8 }
          if left > 2 { group |= UInt32(bytes[index + 2]) }
          // A group of one byte gives two characters, of two three; `=` pads the rest.
          for character in 0...left {
            output[out + character] = digits[Int(group >> (18 - 6 * UInt32(character)) & 63)]
          }
          out += 4
          index += 3
        }
      }
    }
  }
}
