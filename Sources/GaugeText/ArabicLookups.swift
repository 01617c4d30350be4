/// A face's Arabic GSUB lookups, read once when the face is made: the form features (`isol`,
/// `init`, `medi`, `fina`) and the required ligatures (`rlig`, `liga`), so that shaping an
/// Arabic title reads no table.
package struct ArabicLookups: Sendable {
  /// The lookups of each form's feature, for the forms the face has.
  let forms: [ArabicForm: LigatureSubstitution]
  let ligatures: LigatureSubstitution?

  /// The lookups of `gsub` for the Arabic script; nil if it has neither forms nor ligatures.
  init?(reader: FontReader, gsub: (offset: Int, length: Int)) {
    var forms: [ArabicForm: LigatureSubstitution] = [:]
    for form in ArabicForm.allCases {
      if let lookups = try? LigatureSubstitution(
        reader: reader, gsub: gsub, features: [form.feature], script: "arab")
      {
        forms[form] = lookups
      }
    }
    ligatures =
      (try? LigatureSubstitution(
        reader: reader, gsub: gsub, features: ["rlig", "liga"], script: "arab")) ?? nil
    guard !forms.isEmpty || ligatures != nil else { return nil }
    self.forms = forms
  }
}
