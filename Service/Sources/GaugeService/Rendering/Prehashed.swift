/// A key hashed once, when it is made: a request looks its gauge up in the drawn images, then
/// in the prepared renderers, then keeps it, and hashing a whole gauge and its options (their
/// texts normalised, as `String` hashes them) costs more than the lookups themselves.
///
/// Equal keys are equal values: `==` compares the hashes first, then the values in full, so
/// two values whose hashes collide stay two keys.
struct Prehashed<Value: Hashable & Sendable>: Hashable, Sendable {
  let value: Value
  /// `value.hashValue`, taken in `init`.
  private let hash: Int

  init(_ value: Value) {
    self.value = value
    hash = value.hashValue
  }

  static func == (lhs: Prehashed, rhs: Prehashed) -> Bool {
    lhs.hash == rhs.hash && lhs.value == rhs.value
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(hash)
  }
}
