import Foundation
import GaugeTestSupport
import Testing

@testable import GaugeText

/// `BundledFontData.decode`, which takes whole groups of four characters at once, against
/// Foundation's encoder and against a decoder that reads one character at a time (the rule
/// as written: skip spaces and line breaks, refuse any other character, nothing but padding
/// after padding, no partial group).
@Suite("Base64 of the bundled fonts")
struct Base64Tests {
  /// One character at a time, as `BundledFontData.decode` did before it took whole groups.
  static func reference(_ text: String) -> [UInt8]? {
    var bytes: [UInt8] = []
    var group: UInt32 = 0
    var count = 0
    var padding = 0
    for character in text.utf8 {
      let value: UInt32
      switch character {
      case UInt8(ascii: "A")...UInt8(ascii: "Z"): value = UInt32(character - UInt8(ascii: "A"))
      case UInt8(ascii: "a")...UInt8(ascii: "z"):
        value = UInt32(character - UInt8(ascii: "a") + 26)
      case UInt8(ascii: "0")...UInt8(ascii: "9"):
        value = UInt32(character - UInt8(ascii: "0") + 52)
      case UInt8(ascii: "+"): value = 62
      case UInt8(ascii: "/"): value = 63
      case UInt8(ascii: "="):
        padding += 1
        value = 0
      case UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: " "): continue
      default: return nil
      }
      if padding > 0, character != UInt8(ascii: "=") { return nil }
      group = group << 6 | value
      count += 1
      if count == 4 {
        guard padding <= 2 else { return nil }
        bytes.append(UInt8(truncatingIfNeeded: group >> 16))
        if padding < 2 { bytes.append(UInt8(truncatingIfNeeded: group >> 8)) }
        if padding < 1 { bytes.append(UInt8(truncatingIfNeeded: group)) }
        group = 0
        count = 0
      }
    }
    return count == 0 ? bytes : nil
  }

  @Test("the bundled fonts decode to the files in Fonts/, byte for byte")
  func bundled() throws {
    let fonts = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fonts")
    for (text, file) in [
      (BundledFontData.dejaVuSans, "DejaVuSans.ttf"),
      (BundledFontData.dejaVuSansBold, "DejaVuSans-Bold.ttf"),
    ] {
      let expected = [UInt8](try Data(contentsOf: fonts.appendingPathComponent(file)))
      #expect(expected.count > 200_000)
      #expect(BundledFontData.decode(text) == expected)
    }
  }

  @Test(
    "whole groups after a padded group are refused, as any character after padding is",
    arguments: ["TQ==TWFu", "TWE=TWFu", "TQ==\nTWFu", "TQ== TWFuTWFu", "TWFuTQ==TWFu"])
  func groupsAfterPadding(_ text: String) {
    #expect(Self.reference(text) == nil)
    #expect(BundledFontData.decode(text) == nil)
  }

  @Test("random texts: Foundation's base64, broken up and damaged (seeded, replayable)")
  func random() {
    var generator = SeededGenerator(seed: 64)
    let damage: [String] = ["=", "==", "\n", " ", "\r", "!", "é", "-", "A", "\t"]
    var decoded = 0
    var refused = 0
    for round in 0..<4_000 {
      let length = Int(generator.next() % 40)
      let bytes = (0..<length).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
      var characters = Array(Data(bytes).base64EncodedString())
      // Line breaks and spaces anywhere (skipped), in every round.
      for _ in 0..<Int(generator.next() % 4) {
        let at = Int(generator.next() % UInt64(characters.count + 1))
        characters.insert(["\n", " ", "\r"][Int(generator.next() % 3)], at: at)
      }
      // Every other round, one more change: a character put in, replaced or left out.
      if round % 2 == 1 {
        let piece = Array(damage[Int(generator.next() % UInt64(damage.count))])
        let at = Int(generator.next() % UInt64(characters.count + 1))
        switch generator.next() % 3 {
        case 0: characters.insert(contentsOf: piece, at: at)
        case 1 where at < characters.count: characters.replaceSubrange(at...at, with: piece)
        default: if at < characters.count { characters.remove(at: at) }
        }
      }
      let text = String(characters)
      let ours = BundledFontData.decode(text)
      #expect(ours == Self.reference(text), "round \(round): \(text.debugDescription)")
      if round % 2 == 0 { #expect(ours == bytes, "round \(round): \(text.debugDescription)") }
      if ours == nil { refused += 1 } else { decoded += 1 }
    }
    // Both outcomes are common, so both paths were compared.
    #expect(decoded > 2_000)
    #expect(refused > 500)
  }
}
