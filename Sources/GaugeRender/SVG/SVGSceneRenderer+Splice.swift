/// What a prepared renderer's image copies in whole: its template's elements, its known
/// marks' and its gap's texts'.
extension SVGSceneRenderer {
  /// Copies the element at `range` of the template's markup.
  mutating func copy(_ range: Range<Int>, of template: PreparedMarkup) {
    template.bytes.withUnsafeBufferPointer { bytes in
      out.append(UnsafeBufferPointer(rebasing: bytes[range]))
    }
  }

  /// Copies the known marks (`MarkSplice`) and the gap's texts (`GapTextSplice`) that go
  /// before the item at `index`, in the order the scene would have drawn them, opening the
  /// texts' group for texts as a text item would.
  mutating func copySpliced(before index: Int, textsOpen: inout Bool) {
    if let splice {
      let elements = splice.elements
      splice.bytes.withUnsafeBufferPointer { bytes in
        if index == splice.slots.under {
          out.append(UnsafeBufferPointer(rebasing: bytes[elements.under]))
        }
        if index == splice.slots.over {
          out.append(UnsafeBufferPointer(rebasing: bytes[elements.over]))
        }
      }
    }
    // The gap's texts come before the markers' labels, which follow every other text.
    if let gapTexts, index == gapTexts.index, !gapTexts.range.isEmpty {
      if !textsOpen { openTexts() }
      textsOpen = true
      gapTexts.texts.bytes.withUnsafeBufferPointer { bytes in
        out.append(UnsafeBufferPointer(rebasing: bytes[gapTexts.range]))
      }
    }
    if let splice, index == splice.slots.texts, !splice.elements.texts.isEmpty {
      if !textsOpen { openTexts() }
      textsOpen = true
      splice.bytes.withUnsafeBufferPointer { bytes in
        out.append(UnsafeBufferPointer(rebasing: bytes[splice.elements.texts]))
      }
    }
  }
}
