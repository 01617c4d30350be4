/// Byte-stable decimal formatting: a fixed number of decimals, no exponent, no `-0`.
///
/// Every number GaugeKit prints goes through here (coordinates, readouts, layout JSON), so
/// the same value always gives the same bytes on every platform and locale. It appends UTF-8
/// bytes to a buffer because the SVG writer calls it hundreds of times per image;
/// `String(format:)` would cost more than the whole image.
enum FixedDecimal {
  private static let powersOfTen: [Double] = [1, 10, 100, 1000, 10000, 100_000, 1_000_000]
  private static let integerPowers: [UInt64] = [1, 10, 100, 1000, 10000, 100_000, 1_000_000]

  /// Above this a rounded, scaled value no longer has an exact integer form in a Double.
  private static let exactLimit = 9.0e15

  /// Appends `value` rounded half away from zero to `decimals` places.
  ///
  /// - Parameters:
  ///   - decimals: 0...6; larger values are clamped to 6.
  ///   - trimZeros: drop trailing zeros of the fraction (and the point when nothing is left).
  ///   - grouping: separate thousands in the integer part with ",".
  ///
  /// Edge cases:
  /// - A value that rounds to zero prints "0" (never "-0").
  /// - NaN and infinities print "0": callers keep such values out; this keeps output valid.
  /// - Magnitudes beyond 9e15 at the requested scale print all their integer digits, taken
  ///   from the shortest round-trip form, with no exponent.
  static func append(
    _ value: Double, decimals: Int, trimZeros: Bool = true, grouping: Bool = false,
    to out: inout [UInt8]
  ) {
    guard value.isFinite else {
      out.append(UInt8(ascii: "0"))
      return
    }
    let places = min(max(decimals, 0), 6)
    let scaled = (value.magnitude * powersOfTen[places]).rounded(.toNearestOrAwayFromZero)
    guard scaled < exactLimit else {
      appendLarge(value, decimals: places, trimZeros: trimZeros, grouping: grouping, to: &out)
      return
    }
    let units = UInt64(scaled)
    // A value that rounds to zero has no sign: never "-0".
    if value < 0 && units != 0 { out.append(UInt8(ascii: "-")) }
    let power = integerPowers[places]
    appendInteger(units / power, grouping: grouping, to: &out)
    var fraction = units % power
    var digits = places
    if trimZeros {
      while digits > 0 && fraction % 10 == 0 {
        fraction /= 10
        digits -= 1
      }
    }
    guard digits > 0 else { return }
    out.append(UInt8(ascii: "."))
    let start = out.count
    out.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: digits))
    var index = start + digits - 1
    while fraction > 0 {
      out[index] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: fraction % 10)
      fraction /= 10
      index -= 1
    }
  }

  /// Appends the decimal digits of `number`, with "," every three digits when `grouping`.
  static func appendInteger(_ number: UInt64, grouping: Bool = false, to out: inout [UInt8]) {
    var count = 1
    var rest = number / 10
    while rest > 0 {
      count += 1
      rest /= 10
    }
    let separators = grouping ? (count - 1) / 3 : 0
    let start = out.count
    out.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: count + separators))
    var index = start + count + separators - 1
    var remaining = number
    var written = 0
    while true {
      out[index] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: remaining % 10)
      remaining /= 10
      written += 1
      index -= 1
      if remaining == 0 { break }
      if separators > 0 && written % 3 == 0 {
        out[index] = UInt8(ascii: ",")
        index -= 1
      }
    }
  }

  private static func appendLarge(
    _ value: Double, decimals: Int, trimZeros: Bool, grouping: Bool, to out: inout [UInt8]
  ) {
    // The shortest round-trip form, e.g. "1.2345e+20" or "123456789012.5".
    let text = Array(value.magnitude.description.utf8)
    var mantissa: [UInt8] = []
    var pointOffset: Int?
    var exponent = 0
    var index = 0
    while index < text.count {
      let byte = text[index]
      if byte == UInt8(ascii: ".") {
        pointOffset = mantissa.count
      } else if byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
        exponent = Int(String(decoding: text[(index + 1)...], as: UTF8.self)) ?? 0
        break
      } else {
        mantissa.append(byte)
      }
      index += 1
    }
    let integerCount = (pointOffset ?? mantissa.count) + exponent
    var integerDigits: [UInt8] = []
    var fractionDigits: [UInt8] = []
    for position in 0..<max(integerCount, mantissa.count) {
      let digit = position < mantissa.count ? mantissa[position] : UInt8(ascii: "0")
      if position < integerCount {
        integerDigits.append(digit)
      } else {
        fractionDigits.append(digit)
      }
    }
    if integerDigits.isEmpty { integerDigits = [UInt8(ascii: "0")] }
    fractionDigits = Array(fractionDigits.prefix(decimals))
    if !trimZeros {
      while fractionDigits.count < decimals { fractionDigits.append(UInt8(ascii: "0")) }
    }
    while trimZeros, fractionDigits.last == UInt8(ascii: "0") { fractionDigits.removeLast() }
    if value < 0 { out.append(UInt8(ascii: "-")) }
    for (offset, digit) in integerDigits.enumerated() {
      let left = integerDigits.count - offset
      if grouping && offset > 0 && left % 3 == 0 { out.append(UInt8(ascii: ",")) }
      out.append(digit)
    }
    if !fractionDigits.isEmpty {
      out.append(UInt8(ascii: "."))
      out.append(contentsOf: fractionDigits)
    }
  }

  /// `value` as a String with at most `decimals` places and no trailing zeros.
  static func string(_ value: Double, decimals: Int, trimZeros: Bool = true, grouping: Bool = false)
    -> String
  {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(24)
    append(value, decimals: decimals, trimZeros: trimZeros, grouping: grouping, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// A number as people write it in messages: "100", "2.5", "0.015", "1e+300" stays exact.
  static func plain(_ value: Double) -> String {
    if value.isNaN { return "NaN" }
    if value.isInfinite { return value < 0 ? "-infinity" : "infinity" }
    if value == value.rounded(), value.magnitude < 1e15 {
      return String(Int64(value))
    }
    return value.description
  }
}
