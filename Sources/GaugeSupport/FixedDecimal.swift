import GaugeGeometry

/// Byte-stable decimal formatting: a fixed number of decimals, no exponent, no `-0`.
///
/// Every number GaugeKit prints goes through here (coordinates, readouts, layout JSON), so
/// the same value always gives the same bytes on every platform and locale. It appends UTF-8
/// bytes to a buffer because the SVG writer calls it hundreds of times per image;
/// `String(format:)` would cost more than the whole image.
package enum FixedDecimal {
  private static let powersOfTen: [Double] = [1, 10, 100, 1000, 10000, 100_000, 1_000_000]
  private static let integerPowers: [UInt64] = [1, 10, 100, 1000, 10000, 100_000, 1_000_000]

  /// Above this a rounded, scaled value no longer has an exact integer form in a Double.
  package static let exactLimit = 4.5e15

  /// `magnitude` rounded half away from zero, for a non-negative magnitude. Adding ½ and
  /// truncating is one instruction each, where `rounded(.toNearestOrAwayFromZero)` is a libm
  /// call; every formatter here rounds this way, so they always agree.
  @inline(__always)
  package static func roundHalfUp(_ magnitude: Double) -> Double {
    magnitude < exactLimit
      ? Double(UInt64(magnitude + 0.5)) : magnitude.rounded(.toNearestOrAwayFromZero)
  }

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
  package static func append(
    _ value: Double, decimals: Int, trimZeros: Bool = true, grouping: Bool = false,
    to out: inout [UInt8]
  ) {
    let places = min(max(decimals, 0), 6)
    let scaled = roundHalfUp(value.magnitude * powersOfTen[places])
    guard scaled < exactLimit || !value.isFinite else {
      appendLarge(value, decimals: places, trimZeros: trimZeros, grouping: grouping, to: &out)
      return
    }
    // Digits go to a small stack buffer first: no heap allocation per number.
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 40) { buffer in
      let count = write(
        value, scaled: scaled, places: places, trimZeros: trimZeros, grouping: grouping,
        into: buffer.baseAddress!)
      out.append(contentsOf: UnsafeBufferPointer(start: buffer.baseAddress, count: count))
    }
  }

  /// Writes a value whose rounded, scaled magnitude is below `exactLimit` (or not finite)
  /// into `target`, which has room for 40 bytes; returns how many it wrote.
  private static func write(
    _ value: Double, scaled: Double, places: Int, trimZeros: Bool, grouping: Bool,
    into target: UnsafeMutablePointer<UInt8>
  ) -> Int {
    guard value.isFinite else {
      target[0] = UInt8(ascii: "0")
      return 1
    }
    let units = UInt64(scaled)
    var count = 0
    // A value that rounds to zero has no sign: never "-0".
    if value < 0 && units != 0 {
      target[0] = UInt8(ascii: "-")
      count = 1
    }
    let power = integerPowers[places]
    count += writeInteger(units / power, grouping: grouping, into: target + count)
    var fraction = units % power
    var digits = places
    if trimZeros {
      while digits > 0 && fraction % 10 == 0 {
        fraction /= 10
        digits -= 1
      }
    }
    guard digits > 0 else { return count }
    target[count] = UInt8(ascii: ".")
    var index = count + digits
    count = index + 1
    while index > count - 1 - digits {
      target[index] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: fraction % 10)
      fraction /= 10
      index -= 1
    }
    return count
  }

  /// Writes the digits of `number` (with "," every three when `grouping`) to `target`, which
  /// has room for 27 bytes; returns how many it wrote.
  private static func writeInteger(
    _ number: UInt64, grouping: Bool, into target: UnsafeMutablePointer<UInt8>
  ) -> Int {
    var digitCount = 1
    var rest = number / 10
    while rest > 0 {
      digitCount += 1
      rest /= 10
    }
    let total = digitCount + (grouping ? (digitCount - 1) / 3 : 0)
    var index = total - 1
    var remaining = number
    var written = 0
    while true {
      target[index] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: remaining % 10)
      remaining /= 10
      written += 1
      index -= 1
      if remaining == 0 { break }
      if grouping && written % 3 == 0 {
        target[index] = UInt8(ascii: ",")
        index -= 1
      }
    }
    return total
  }

  /// Writes `value` with at most two decimals and no trailing zeros to `target`, which has
  /// room for 40 bytes, and returns how many it wrote: the SVG writer's hot path. One
  /// conversion, divisions by constants only (the compiler turns them into multiplications),
  /// digits two at a time, no calls.
  ///
  /// Edge cases: as `append`; magnitudes of 4.5e13 and more take the general path.
  @inline(__always)
  package static func writeTwoDecimals(_ value: Double, to target: UnsafeMutablePointer<UInt8>)
    -> Int
  {
    let scaled = value.magnitude * 100 + 0.5
    // Image coordinates: under 100,000 in 32-bit arithmetic with the digits unrolled, a
    // third faster than the general path below (measured on the SVG ring's 470 numbers).
    if scaled < 10_000_000 {
      return writeTwoDecimals(units: UInt32(scaled), negative: value < 0, to: target)
    }
    // Also false for NaN.
    guard scaled < exactLimit else {
      var bytes: [UInt8] = []
      append(value, decimals: 2, to: &bytes)
      for (index, byte) in bytes.enumerated() { target[index] = byte }
      return bytes.count
    }
    let units = UInt64(scaled)
    var count = 0
    if value < 0 && units != 0 {
      target[0] = UInt8(ascii: "-")
      count = 1
    }
    count += writeDigits(units / 100, to: target + count)
    let fraction = Int(truncatingIfNeeded: units % 100)
    guard fraction != 0 else { return count }
    let pairs = digitPairs.utf8Start
    target[count] = UInt8(ascii: ".")
    target[count + 1] = pairs[2 * fraction]
    guard fraction % 10 != 0 else { return count + 2 }
    target[count + 2] = pairs[2 * fraction + 1]
    return count + 3
  }

  /// Writes `value` rounded half away from zero to a whole number, to `target`, which has
  /// room for 20 bytes, and returns how many it wrote: `append(value, decimals: 0)` without
  /// the buffer, for the SVG writer's animation times.
  ///
  /// Edge cases:
  /// - Only for magnitudes under `exactLimit` (NaN is not): others take `append`.
  package static func writeWhole(_ value: Double, to target: UnsafeMutablePointer<UInt8>) -> Int {
    let units = UInt64(roundHalfUp(value.magnitude))
    // A value that rounds to zero has no sign: never "-0".
    guard value < 0 && units != 0 else { return writeDigits(units, to: target) }
    target[0] = UInt8(ascii: "-")
    return 1 + writeDigits(units, to: target + 1)
  }

  /// `writeTwoDecimals` for hundredths under 10,000,000: at most five integer digits.
  @inline(__always)
  private static func writeTwoDecimals(
    units: UInt32, negative: Bool, to target: UnsafeMutablePointer<UInt8>
  ) -> Int {
    var next = target
    if negative && units != 0 {
      next.pointee = UInt8(ascii: "-")
      next += 1
    }
    let pairs = digitPairs.utf8Start
    func pair(_ number: UInt32) {
      let index = 2 * Int(truncatingIfNeeded: number)
      next[0] = pairs[index]
      next[1] = pairs[index + 1]
      next += 2
    }
    func digit(_ number: UInt32) {
      next.pointee = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: number)
      next += 1
    }
    let whole = units / 100
    let fraction = units &- whole &* 100
    if whole >= 100 {
      let high = whole / 100
      if high >= 100 {
        digit(high / 100)
        pair(high % 100)
      } else if high >= 10 {
        pair(high)
      } else {
        digit(high)
      }
      pair(whole &- high &* 100)
    } else if whole >= 10 {
      pair(whole)
    } else {
      digit(whole)
    }
    if fraction != 0 {
      next.pointee = UInt8(ascii: ".")
      next += 1
      if fraction % 10 == 0 { digit(fraction / 10) } else { pair(fraction) }
    }
    return next - target
  }

  /// "00" to "99", for writing digits two at a time.
  // swift-format-ignore
  private static let digitPairs: StaticString = "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"

  /// Writes the digits of `number` to `target` (room for 20), returning how many.
  @inline(__always)
  package static func writeDigits(_ number: UInt64, to target: UnsafeMutablePointer<UInt8>) -> Int {
    let length: Int
    switch number {
    case 0..<10: length = 1
    case 10..<100: length = 2
    case 100..<1000: length = 3
    case 1000..<10000: length = 4
    case 10000..<100_000: length = 5
    case 100_000..<1_000_000: length = 6
    default:
      var probe = number / 1_000_000
      var digits = 6
      while probe > 0 {
        probe /= 10
        digits += 1
      }
      length = digits
    }
    let pairs = digitPairs.utf8Start
    var rest = number
    var index = length
    while rest >= 100 {
      let pair = Int(truncatingIfNeeded: rest % 100)
      rest /= 100
      index -= 2
      target[index] = pairs[2 * pair]
      target[index + 1] = pairs[2 * pair + 1]
    }
    if rest >= 10 {
      let pair = Int(truncatingIfNeeded: rest)
      target[index - 2] = pairs[2 * pair]
      target[index - 1] = pairs[2 * pair + 1]
    } else {
      target[index - 1] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest)
    }
    return length
  }

  /// Appends the decimal digits of `number`, with "," every three digits when `grouping`.
  package static func appendInteger(_ number: UInt64, grouping: Bool = false, to out: inout [UInt8])
  {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 32) { buffer in
      let count = writeInteger(number, grouping: grouping, into: buffer.baseAddress!)
      out.append(contentsOf: UnsafeBufferPointer(start: buffer.baseAddress, count: count))
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
  package static func string(
    _ value: Double, decimals: Int, trimZeros: Bool = true, grouping: Bool = false
  )
    -> String
  {
    let places = min(max(decimals, 0), 6)
    let scaled = roundHalfUp(value.magnitude * powersOfTen[places])
    guard scaled < exactLimit || !value.isFinite else {
      var bytes: [UInt8] = []
      appendLarge(value, decimals: places, trimZeros: trimZeros, grouping: grouping, to: &bytes)
      return String(decoding: bytes, as: UTF8.self)
    }
    // Up to 15 bytes make a small string, stored inline: no allocation at all.
    return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 40) { buffer in
      let count = write(
        value, scaled: scaled, places: places, trimZeros: trimZeros, grouping: grouping,
        into: buffer.baseAddress!)
      return String(
        decoding: UnsafeBufferPointer(start: buffer.baseAddress, count: count), as: UTF8.self)
    }
  }

  /// A number as people write it in messages: "100", "2.5", "0.015", "1e+300" stays exact.
  package static func plain(_ value: Double) -> String {
    if value.isNaN { return "NaN" }
    if value.isInfinite { return value < 0 ? "-infinity" : "infinity" }
    if value == value.rounded(), value.magnitude < 1e15 {
      return String(Int64(value))
    }
    return value.description
  }
}
