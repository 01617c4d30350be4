import GaugeSupport

extension PieItem {
  /// An item as a person types it: `LABEL=VALUE` or `LABEL:VALUE` (`gauge pie Rent=1200`,
  /// gauge-server's `data=Rent:1200,Food:450`). The one parser of both, so the command line
  /// and the service accept the same words and refuse them in the same words.
  ///
  /// The value follows the last `=` or `:`, so a label may hold either (`Ratio 1:2=3`), and
  /// the value neither.
  ///
  /// Edge cases:
  /// - `nan`, `inf` and negative values are read, then refused by the chart's rules, which
  ///   name the item.
  /// - An empty label (`=3`) is refused here.
  ///
  /// - Throws: `GaugeError.invalidOption` saying what is wrong with `word`.
  @_spi(Service)
  public init(argument word: String) throws(GaugeError) {
    let form = "write LABEL=VALUE or LABEL:VALUE"
    // Among the scalars: a combining mark after the separator makes one character of the two.
    let scalars = word.unicodeScalars
    guard let separator = scalars.lastIndex(where: { $0 == "=" || $0 == ":" }) else {
      throw .invalidOption("'\(word)' is not an item; \(form), such as Rent=1200")
    }
    let label = String(scalars[..<separator])
    let text = String(scalars[scalars.index(after: separator)...])
    guard !label.isEmpty else {
      throw .invalidOption("'\(word)' has no label before '\(scalars[separator])'; \(form)")
    }
    guard let value = PieDataReader.number(text) else {
      throw .invalidOption("'\(word)': '\(text)' is not a number; \(form) with a number, 0 or more")
    }
    self.init(label: label, value: value)
  }
}
