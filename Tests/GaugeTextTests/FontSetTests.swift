import Testing

@testable import GaugeText

/// The font set's choice of face for each cluster, on the bundled faces and, where the
/// machine has them (CI installs Debian's Noto fonts), on system fonts.
@Suite struct FontSetTests {
  static let noto = "/usr/share/fonts/truetype/noto/NotoSansArabic-Regular.ttf"

  @Test("Latin, Greek, Cyrillic, Armenian, Georgian, Hebrew and Arabic need no system font")
  func bundledCoverage() {
    let set = FontSet.bundled
    for text in [
      "Stress", "Wörter ąęł ğış", "Tiếng Việt", "Ελληνικά", "Українська", "Հայերեն",
      "ქართული", "עברית", "العربية",
    ] {
      let shaped = set.shape(text, weight: .regular)
      #expect(shaped.faces == [set.storage.primary[.regular]![0]], "\(text)")
      #expect(shaped.glyphs.allSatisfy { $0.id != 0 }, "\(text) has a .notdef")
      let bold = set.shape(text, weight: .bold)
      #expect(bold.glyphs.allSatisfy { $0.id != 0 }, "\(text) has a bold .notdef")
      #expect(set.face(bold.faces[0]).isBold)
    }
  }

  @Test("invisible characters take no room and draw nothing")
  func invisible() {
    let set = FontSet.bundled
    let plain = set.shape("AB", weight: .regular)
    for text in [
      "A\u{200B}B", "A\u{200D}B", "A\u{00AD}B", "A\u{FE0F}B", "A\u{2066}B\u{2069}", "A\u{0007}B",
      "A\u{2028}B", "A\u{200E}B",
    ] {
      let shaped = set.shape(text, weight: .regular)
      #expect(
        shaped.glyphs.map(\.id) == plain.glyphs.map(\.id), "\(text.unicodeScalars.map(\.value))")
      #expect(shaped.width == plain.width)
    }
    #expect(set.shape("\u{200B}\u{FEFF}", weight: .regular).glyphs.isEmpty)
    // A right-to-left override draws nothing itself but reverses what it holds (UAX #9).
    let overridden = set.shape("\u{202E}AB\u{202C}", weight: .regular)
    #expect(overridden.glyphs.map(\.id) == plain.glyphs.map(\.id).reversed())
  }

  @Test("widths are the face's advances and kerning, in ems")
  func widths() {
    let face = FontFace.dejaVuSans
    let set = FontSet.bundled
    #expect(set.width(of: "AV 42", weight: .regular) == face.width(of: "AV 42", size: 1))
    #expect(set.width(of: "", weight: .regular) == 0)
  }

  @Test(
    "emoji presentation sequences",
    arguments: [
      ("😀", true), ("☀", false), ("☀️", true), ("☀︎", false), ("1️⃣", true), ("1", false),
      ("🇯🇵", true), ("👍🏽", true), ("👩‍💻", true), ("♥", false), ("A", false),
    ])
  func emojiPresentation(_ text: String, _ expected: Bool) {
    #expect(FontSet.isEmojiPresentation(Character(text)) == expected)
  }

  @Test(
    "the Han face follows the language, then kana or Hangul in the text",
    arguments: [
      ("東京", nil, "SC"), ("東京です", nil, "JP"), ("서울 東", nil, "KR"), ("東京", "ja", "JP"),
      ("東京", "zh-Hant", "TC"), ("東京", "zh-TW", "TC"), ("東京", "zh-HK", "HK"),
      ("東京", "zh-Hans-HK", "SC"), ("東京", "ko-KR", "KR"), ("Stress", "ja", nil),
      ("東京", "de", "SC"),
    ] as [(String, String?, String?)])
  func hanFace(_ text: String, _ language: String?, _ expected: String?) {
    let storage = FontSetStorage(callerFaces: [], folders: [], system: nil, language: language)
    #expect(storage.hanFace(for: text) == expected)
  }

  @Test("system fonts fill in by script; Latin stays in the first face")
  func systemFallback() throws {
    let index = SystemFontIndex(folders: ["/usr/share/fonts"])
    guard index.paths.contains(Self.noto) else { return }
    let set = FontSet(systemFonts: true)
    let shaped = set.shape("CPU 42 東京 😀 कार्य", weight: .regular)
    let families = shaped.glyphs.map { set.face($0.face).familyName }
    #expect(Array(families.prefix(7)) == Array(repeating: "DejaVu Sans", count: 7))
    #expect(set.familyNames(shaped.faces).contains("Noto Sans CJK SC"))
    #expect(set.familyNames(shaped.faces).contains("Noto Color Emoji"))
    #expect(set.familyNames(shaped.faces).contains("Noto Sans Devanagari"))
    #expect(shaped.glyphs.allSatisfy { $0.id != 0 })
  }
}

/// The caller's faces come first and serve both weights, their own weight first.
@Suite struct CallerFaceTests {
  @Test("a caller's bold face measures and draws regular texts too, before the bundled")
  func callerFaceServesBothWeights() {
    let set = FontSet(faces: [.dejaVuSansBold], systemFonts: false)
    let bold = FontFace.dejaVuSansBold
    #expect(set.width(of: "Stress 42", weight: .regular) == bold.width(of: "Stress 42", size: 1))
    #expect(set.width(of: "Stress 42", weight: .bold) == bold.width(of: "Stress 42", size: 1))
    #expect(set.familyNames(set.shape("Stress", weight: .regular).faces) == ["DejaVu Sans"])
    #expect(set.face(set.shape("Stress", weight: .regular).faces[0]).isBold)
  }

  @Test("truncation keeps whole clusters and ends in a real ellipsis")
  func truncation() {
    let set = FontSet.bundled
    let text = "Cafe\u{301} ok 👍🏽 done"
    for maximum in stride(from: 0.5, through: 8, by: 0.25) {
      let cut = set.truncated(text, toWidth: maximum, weight: .regular)
      #expect(set.width(of: cut, weight: .regular) <= maximum)
      if cut != text, !cut.isEmpty {
        #expect(cut.hasSuffix("…"))
        #expect(text.hasPrefix(String(cut.dropLast())))
        #expect(Array(text).starts(with: Array(cut.dropLast())))
      }
    }
    #expect(set.truncated(text, toWidth: 100, weight: .regular) == text)
    #expect(set.truncated(text, toWidth: 0.1, weight: .regular) == "")
  }
}
