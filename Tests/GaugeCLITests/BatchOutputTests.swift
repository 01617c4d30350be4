import GaugeKit
import GaugeTestSupport
import Testing

@testable import GaugeCLI

@Suite struct BatchOutputTests {
  /// JSON string escaping as RFC 8259 requires, one byte at a time: the reference the
  /// word-at-a-time version must match.
  private func reference(id: String, svg: [UInt8]) -> [UInt8] {
    var out = Array(#"{"id":""#.utf8) + Array(id.utf8) + Array(#"","svg":""#.utf8)
    let hex = Array("0123456789abcdef".utf8)
    for byte in svg {
      switch byte {
      case 0x22, 0x5C: out += [0x5C, byte]
      case 0x0A: out += Array(#"\n"#.utf8)
      case 0..<0x20: out += Array(#"\u00"#.utf8) + [hex[Int(byte >> 4)], hex[Int(byte & 15)]]
      default: out.append(byte)
      }
    }
    return out + Array("\"}\n".utf8)
  }

  @Test func escapesExactlyLikeTheByteByByteReference() {
    var generator = SeededGenerator(seed: 0xB47C_4)
    // Bytes that need escaping, their neighbours, and UTF-8 lead and continuation bytes.
    let alphabet: [UInt8] = [
      0, 1, 0x0A, 0x0D, 0x1F, 0x20, 0x21, 0x22, 0x23, 0x5B, 0x5C, 0x5D, 0x41, 0x7F, 0x80, 0xC3,
      0xA9, 0xE2, 0xFF,
    ]
    for length in Array(0...40) + [63, 64, 65, 1000] {
      for _ in 0..<20 {
        let svg = (0..<length).map { _ in alphabet.randomElement(using: &generator)! }
        #expect(BatchOutput.jsonLine(id: "u-1", svg: svg) == reference(id: "u-1", svg: svg))
      }
    }
    let image = Array(#"<svg a="1">\n<text>"x" \ y</text></svg>"#.utf8) + [0x0A]
    #expect(
      String(decoding: BatchOutput.jsonLine(id: "a", svg: image), as: UTF8.self)
        == #"{"id":"a","svg":"<svg a=\"1\">\\n<text>\"x\" \\ y</text></svg>\n"}"# + "\n")
  }
}

@Suite struct BatchPNGOutputTests {
  /// RFC 4648, section 10.
  @Test(arguments: [
    ("", ""), ("f", "Zg=="), ("fo", "Zm8="), ("foo", "Zm9v"), ("foob", "Zm9vYg=="),
    ("fooba", "Zm9vYmE="), ("foobar", "Zm9vYmFy"),
  ])
  func base64TestVectors(text: String, encoded: String) {
    var output: [UInt8] = []
    BatchOutput.appendBase64(Array(text.utf8), to: &output)
    #expect(String(decoding: output, as: UTF8.self) == encoded)
  }

  @Test func everyByteValueUsesTheStandardAlphabet() {
    var output: [UInt8] = []
    BatchOutput.appendBase64([0xFB, 0xFF, 0xBF, 0x00, 0x10, 0x83], to: &output)
    #expect(String(decoding: output, as: UTF8.self) == "+/+/ABCD")
    #expect(
      String(decoding: BatchOutput.jsonLine(id: "u-1", png: [0x89, 0x50]), as: UTF8.self)
        == "{\"id\":\"u-1\",\"png\":\"iVA=\"}\n")
  }
}
