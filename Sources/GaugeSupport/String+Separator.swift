extension String {
  /// The text before and after the first `separator`, or `nil` without one.
  ///
  /// The separator is found among the Unicode scalars, not the characters: a combining
  /// mark, a joiner or a variation selector written right after it (`30:́Goal`) makes one
  /// character of the two, which a search by character would not see as the separator.
  /// The parts keep every scalar but the separator's.
  @_spi(Service)
  public func split(atFirst separator: Unicode.Scalar) -> (before: String, after: String)? {
    guard let index = unicodeScalars.firstIndex(of: separator) else { return nil }
    return parts(around: index)
  }

  /// The text before and after the last `separator`, found as `split(atFirst:)` finds it;
  /// `nil` without one.
  @_spi(Service)
  public func split(atLast separator: Unicode.Scalar) -> (before: String, after: String)? {
    guard let index = unicodeScalars.lastIndex(of: separator) else { return nil }
    return parts(around: index)
  }

  /// The text cut at every `separator`, found as `split(atFirst:)` finds it: empty fields
  /// kept (`"a,,b"` gives three), the whole text when there is none.
  @_spi(Service)
  public func fields(separatedBy separator: Unicode.Scalar) -> [String] {
    unicodeScalars.split(separator: separator, omittingEmptySubsequences: false).map(String.init)
  }

  private func parts(around index: String.UnicodeScalarView.Index) -> (
    before: String, after: String
  ) {
    (
      String(unicodeScalars[..<index]),
      String(unicodeScalars[unicodeScalars.index(after: index)...])
    )
  }
}
