/// Unicode character data that GaugeText measures and filters text with, generated from
/// Unicode 17.0 by `scripts/generate-unicode-tables` (the data's licence is
/// `LICENSE-Unicode.txt` beside this file) and never typed in by hand.
///
/// The tables are `UnicodeTables+CellWidth.swift` (what `CellWidth` counts with, as the
/// `wcwidth` package counts) and `UnicodeTables+Invisible.swift` (default-ignorables and bidi
/// controls, for `InvisibleScalars`); `UnicodeTables+Composition.swift` (canonical
/// compositions, for `RunShaper.normalize`) comes from Unicode 15.0's UCD files by
/// `scripts/generate-composition-table`.
enum UnicodeTables {}
