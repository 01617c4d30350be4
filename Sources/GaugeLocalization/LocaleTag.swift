import GaugeSupport

/// A BCP 47 language tag, parsed as far as GaugeKit uses it: language, script, region and the
/// Unicode extension's numbering system.
struct LocaleTag: Sendable, Hashable {
  /// Lowercase, 2 or 3 letters ("de").
  var language: String
  /// Title case, 4 letters ("Hant"), if given.
  var script: String?
  /// Uppercase letters or 3 digits ("CH", "419"), if given.
  var region: String?
  /// The `-u-nu-` value, lowercase ("latn"), if given.
  var numberingSystem: String?

  /// Parses `text`.
  ///
  /// - Throws: `GaugeError.invalidOption` for a tag that is not BCP 47.
  init(parsing text: String) throws(GaugeError) {
    func invalid(_ why: String) -> GaugeError {
      var hint = ""
      if text.contains("_") {
        hint = " (did you mean \"\(text.replacing("_", with: "-"))\"?)"
      }
      return .invalidOption(
        "locale \"\(text)\" is not a BCP 47 tag: \(why)\(hint); allowed: a tag such as en, de-CH, "
          + "zh-Hant-TW or ar-EG-u-nu-latn")
    }
    guard !text.isEmpty else { throw invalid("it is empty") }
    guard !text.contains("_") else { throw invalid("subtags are separated by '-', not '_'") }
    guard text.utf8.count <= 64 else { throw invalid("it is longer than 64 characters") }
    let subtags = text.split(separator: "-", omittingEmptySubsequences: false)
    func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }
    func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
    func isLetters(_ s: Substring) -> Bool { s.utf8.allSatisfy(isLetter) }
    func isDigits(_ s: Substring) -> Bool { s.utf8.allSatisfy(isDigit) }
    func isAlphanumeric(_ s: Substring) -> Bool {
      s.utf8.allSatisfy { isLetter($0) || isDigit($0) }
    }
    guard let first = subtags.first, (2...3).contains(first.count), isLetters(first) else {
      throw invalid("the language must be 2 or 3 letters")
    }
    language = first.lowercased()
    var index = 1
    if index < subtags.count, subtags[index].count == 4, isLetters(subtags[index]) {
      script = subtags[index].prefix(1).uppercased() + subtags[index].dropFirst().lowercased()
      index += 1
    }
    if index < subtags.count,
      (subtags[index].count == 2 && isLetters(subtags[index]))
        || (subtags[index].count == 3 && isDigits(subtags[index]))
    {
      region = subtags[index].uppercased()
      index += 1
    }
    // Variants (5-8 alphanumerics, or a digit and 3), then extensions.
    while index < subtags.count, subtags[index].count != 1 {
      let variant = subtags[index]
      guard isAlphanumeric(variant),
        (5...8).contains(variant.count) || (variant.count == 4 && isDigits(variant.prefix(1)))
      else { throw invalid("\"\(variant)\" is not a script, region or variant") }
      index += 1
    }
    var extensionKey: Substring?
    var singleton: Substring?
    while index < subtags.count {
      let part = subtags[index].lowercased()[...]
      guard !part.isEmpty, part.count <= 8, isAlphanumeric(part) else {
        throw invalid("\"\(subtags[index])\" is not a subtag")
      }
      if part.count == 1 {
        singleton = part
        extensionKey = nil
        guard index + 1 < subtags.count else { throw invalid("\"\(part)\" ends the tag") }
      } else if singleton == "u" {
        if part.count == 2 {
          extensionKey = part
        } else if extensionKey == "nu" {
          numberingSystem = String(part)
        }
      } else if singleton == nil {
        throw invalid("\"\(subtags[index])\" is not a subtag here")
      }
      index += 1
    }
  }

  /// The tag in canonical case with only the parts GaugeKit uses.
  var canonical: String {
    var text = language
    if let script { text += "-" + script }
    if let region { text += "-" + region }
    if let numberingSystem { text += "-u-nu-" + numberingSystem }
    return text
  }

  /// The tags to look data up by, most specific first: "zh-Hant-TW", "zh-Hant", "zh-TW", "zh".
  /// Chinese without a script takes the one its region writes (Hant in TW, HK and MO).
  var fallbacks: [String] {
    var script = self.script
    if script == nil, language == "zh", let region, ["TW", "HK", "MO"].contains(region) {
      script = "Hant"
    }
    var list: [String] = []
    if let script, let region { list.append("\(language)-\(script)-\(region)") }
    if let region, language == "zh", script == "Hant" { list.append("zh-\(region)") }
    if let script { list.append("\(language)-\(script)") }
    if let region, script == nil || language != "zh" { list.append("\(language)-\(region)") }
    list.append(language)
    return list
  }
}
