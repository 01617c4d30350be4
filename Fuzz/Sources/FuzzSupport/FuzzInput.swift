/// Choices drawn from the input's bytes, so each input always renders the same way and
/// libFuzzer can steer values and sizes as well as the text.
public struct FuzzInput {
  public let bytes: [UInt8]

  public init(_ data: UnsafePointer<UInt8>?, _ count: Int) {
    bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? []
  }

  /// A number from the bytes' checksum, below `count`.
  public func pick(_ count: Int, salt: UInt64) -> Int {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325 ^ salt
    for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    return Int(hash % UInt64(count))
  }

  public func pick<T>(from choices: [T], salt: UInt64) -> T {
    choices[pick(choices.count, salt: salt)]
  }

  /// Values that break naive arithmetic.
  public static let values: [Double?] = [
    nil, .nan, .infinity, -.infinity, 1e308, -1e308, .leastNonzeroMagnitude, -0.0, 0, 42, 1e-9,
    1e12, 99.999_9,
  ]
  /// Image sides: the smallest, odd ones, the usual, and large (kept where PNG stays quick).
  public static let sides = [1, 2, 17, 120, 400, 1000]
  public static let columns = [-1, 0, 19, 20, 33, 80, 400, 401]
}
