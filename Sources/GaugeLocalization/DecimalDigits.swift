/// A finite double as the shortest decimal that reads back as it: up to 17 significant digits
/// and the position of the decimal point, rounded in decimal as ICU does.
struct DecimalDigits {
  /// The significant digits, most significant first, as values 0...9; no leading or trailing
  /// zeros. Empty for zero.
  private(set) var digits: Digits
  /// The value is 0.d₁d₂…dₙ × 10^point: `point` digits stand before the decimal point.
  var point: Int
  let isNegative: Bool

  var isZero: Bool { digits.isEmpty }

  /// The digits of `value`, which must be finite.
  init(_ value: Double) {
    isNegative = value.sign == .minus
    digits = Digits()
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

  /// `value` already rounded to `places` (0...6) digits, without writing it out first, when
  /// the binary value is clear of a tie: then the shortest decimal rounds the same way. `nil`
  /// near a tie (1.005 to two places), which only the shortest decimal settles, and for
  /// values past 2^52 once scaled.
  init?(_ value: Double, roundedTo places: Int) {
    guard (0...6).contains(places) else { return nil }
    let scaled = value.magnitude * Self.powers[places]
    guard scaled < 4.5e15 else { return nil }
    let whole = scaled.rounded(.down)
    let fraction = scaled - whole
    guard abs(fraction - 0.5) > 1e-6 else { return nil }
    var integer = UInt64(fraction > 0.5 ? whole + 1 : whole)
    isNegative = value.sign == .minus
    digits = Digits()
    point = 0
    guard integer > 0 else { return }
    var trailing = 0
    while integer % 10 == 0 {
      integer /= 10
      trailing += 1
    }
    var reversed = Digits()
    while integer > 0 {
      reversed.append(UInt8(integer % 10))
      integer /= 10
    }
    for index in stride(from: reversed.count - 1, through: 0, by: -1) {
      digits.append(reversed[index])
    }
    point = reversed.count + trailing - places
  }

  private static let powers: [Double] = [1, 10, 100, 1000, 10000, 100_000, 1_000_000]

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
        digits.insertOne()
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

  /// The bytes `write(into:…)` writes at most, for a buffer's capacity.
  func byteCount(
    digitBytes: Int, decimal: String, group: String?, minimumFraction: Int
  ) -> Int {
    let integerCount = Swift.max(point, 1)
    let fractionCount = Swift.max(digits.count - point, minimumFraction)
    return (integerCount + fractionCount) * digitBytes + integerCount * (group?.utf8.count ?? 0)
      + decimal.utf8.count
  }

  /// Writes the unsigned number as UTF-8: the integer part grouped, the fraction padded with
  /// zeros to `minimumFraction` digits.
  func write(
    into out: inout UTF8Buffer, digits glyphs: [Character]?, decimal: String, group: String?,
    primary: Int, secondary: Int, minimumGrouping: Int, minimumFraction: Int
  ) {
    func digit(_ value: UInt8) {
      if let glyphs {
        for byte in glyphs[Int(value)].utf8 { out.append(byte) }
      } else {
        out.append(0x30 + value)
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
          out.append(group)
        }
      }
    }
    let fractionCount = Swift.max(digits.count - point, minimumFraction)
    guard fractionCount > 0 else { return }
    out.append(decimal)
    for offset in 0..<fractionCount {
      let index = point + offset
      digit(index >= 0 && index < digits.count ? digits[index] : 0)
    }
  }
}

/// UTF-8 written into a string's own storage, which `String(unsafeUninitializedCapacity:)`
/// hands out: a number is one allocation (none for a short one), not one per piece.
struct UTF8Buffer {
  let base: UnsafeMutableBufferPointer<UInt8>
  private(set) var count = 0

  init(_ base: UnsafeMutableBufferPointer<UInt8>) {
    self.base = base
  }

  mutating func append(_ byte: UInt8) {
    guard count < base.count else { return }
    base[count] = byte
    count += 1
  }

  mutating func append(_ text: String) {
    for byte in text.utf8 { append(byte) }
  }
}

/// Up to 32 decimal digits held inline, without a heap allocation: a double's shortest form has
/// at most 17, and rounding adds at most one.
struct Digits {
  private var storage = SIMD32<UInt8>()
  private(set) var count = 0

  var isEmpty: Bool { count == 0 }
  var last: UInt8? { count > 0 ? storage[count - 1] : nil }

  subscript(index: Int) -> UInt8 {
    get { storage[index] }
    set { storage[index] = newValue }
  }

  /// Appends a digit; digits past the 32nd are dropped (a double never has them).
  mutating func append(_ digit: UInt8) {
    guard count < 32 else { return }
    storage[count] = digit
    count += 1
  }

  mutating func removeLast(_ k: Int = 1) { count -= Swift.min(k, count) }
  mutating func removeAll() { count = 0 }

  mutating func removeFirst(_ k: Int) {
    guard k > 0 else { return }
    for index in 0..<(count - k) { storage[index] = storage[index + k] }
    count -= k
  }

  /// Puts a 1 in front of the digits (a carry out of the first).
  mutating func insertOne() {
    var index = Swift.min(count, 31)
    while index > 0 {
      storage[index] = storage[index - 1]
      index -= 1
    }
    storage[0] = 1
    count = Swift.min(count + 1, 32)
  }
}
