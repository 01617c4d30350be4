/// A finite double as the shortest decimal that reads back as it: up to 17 significant digits
/// and the position of the decimal point, rounded in decimal as ICU does.
struct DecimalDigits {
  /// The significant digits, most significant first, as values 0...9; no leading or trailing
  /// zeros. Empty for zero.
  private(set) var digits: [UInt8]
  /// The value is 0.d₁d₂…dₙ × 10^point: `point` digits stand before the decimal point.
  var point: Int
  let isNegative: Bool

  var isZero: Bool { digits.isEmpty }

  /// The digits of `value`, which must be finite.
  init(_ value: Double) {
    isNegative = value.sign == .minus
    digits = []
    digits.reserveCapacity(20)
    point = 0
    var exponent = 0
    var integerCount = 0
    var seenPoint = false
    var text = value.magnitude.description.utf8[...]
    if let e = text.firstIndex(of: UInt8(ascii: "e")) {
      var sign = 1
      var rest = text[text.index(after: e)...]
      if rest.first == UInt8(ascii: "-") { sign = -1 }
      if rest.first == UInt8(ascii: "-") || rest.first == UInt8(ascii: "+") {
        rest = rest.dropFirst()
      }
      for byte in rest { exponent = exponent * 10 + Int(byte - 0x30) }
      exponent *= sign
      text = text[..<e]
    }
    for byte in text {
      if byte == UInt8(ascii: ".") {
        seenPoint = true
        continue
      }
      digits.append(byte - 0x30)
      if !seenPoint { integerCount += 1 }
    }
    point = integerCount + exponent
    var leading = 0
    while leading < digits.count && digits[leading] == 0 { leading += 1 }
    digits.removeFirst(leading)
    point -= leading
    while digits.last == 0 { digits.removeLast() }
    if digits.isEmpty { point = 0 }
  }

  /// Rounds half away from zero to `places` digits after the decimal point.
  mutating func round(toFractionDigits places: Int) {
    let keep = point + places
    guard digits.count > keep else { return }
    guard keep >= 0 else {
      digits.removeAll()
      point = 0
      return
    }
    let roundsUp = digits[keep] >= 5
    digits.removeLast(digits.count - keep)
    if roundsUp {
      var index = keep - 1
      while index >= 0 && digits[index] == 9 {
        digits[index] = 0
        index -= 1
      }
      if index >= 0 {
        digits[index] += 1
      } else {
        digits.insert(1, at: 0)
        point += 1
      }
    }
    while digits.last == 0 { digits.removeLast() }
    if digits.isEmpty { point = 0 }
  }

  /// The plural category of the number as shown.
  func pluralCategory(rule: PluralRule) -> PluralCategory {
    var integer = ""
    var fraction = ""
    if point <= 0 { integer = "0" }
    for index in 0..<Swift.max(point, 0) {
      integer.append(Character(Unicode.Scalar(0x30 + (index < digits.count ? digits[index] : 0))))
    }
    for offset in 0..<Swift.max(digits.count - point, 0) {
      let index = point + offset
      fraction.append(Character(Unicode.Scalar(0x30 + (index >= 0 ? digits[index] : 0))))
    }
    return rule.category(integer: integer[...], fraction: fraction[...])
  }

  /// Appends the unsigned number: the integer part grouped, the fraction padded with zeros to
  /// `minimumFraction` digits.
  func append(
    to text: inout String, digits glyphs: [Character]?, decimal: String, group: String?,
    primary: Int, secondary: Int, minimumGrouping: Int, minimumFraction: Int
  ) {
    func digit(_ value: UInt8) {
      if let glyphs {
        text.append(glyphs[Int(value)])
      } else {
        text.unicodeScalars.append(Unicode.Scalar(0x30 + value))
      }
    }
    let integerCount = Swift.max(point, 1)
    let groups =
      group != nil && primary > 0 && integerCount >= primary + minimumGrouping
    for index in 0..<integerCount {
      if point > 0 {
        digit(index < digits.count ? digits[index] : 0)
      } else {
        digit(0)
      }
      let remaining = integerCount - 1 - index
      if groups, let group, remaining > 0 {
        if remaining == primary
          || (remaining > primary && secondary > 0 && (remaining - primary) % secondary == 0)
        {
          text += group
        }
      }
    }
    let fractionCount = Swift.max(digits.count - point, minimumFraction)
    guard fractionCount > 0 else { return }
    text += decimal
    for offset in 0..<fractionCount {
      let index = point + offset
      digit(index >= 0 && index < digits.count ? digits[index] : 0)
    }
  }
}
