/// How heavy a text's strokes are: which of a font set's two lists of faces draws it.
package enum FontWeight: String, Sendable, Hashable, CaseIterable {
  case regular
  case bold
}
