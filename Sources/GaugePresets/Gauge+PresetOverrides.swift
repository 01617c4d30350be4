import GaugeModel
@_spi(Service) import GaugeSupport

extension Gauge {
  /// Decodes a preset with `overrides` laid over it (objects key by key, the zones whole), and
  /// checks the result as one preset: a problem at an override names the override.
  ///
  /// - Throws: `GaugeError.invalidGauge` with every problem found.
  @_spi(Service)
  public init(
    presetJSON bytes: [UInt8], file: String? = nil, overrides: PresetOverrides,
    loader: PresetLoader? = nil
  ) throws(GaugeError) {
    let resolved = try Gauge.resolvedPreset(bytes, file: file, loader: loader)
    try overrides.checkZoneBounds()
    // The merged root stands where the preset's did, for problems about the whole preset.
    var merged = PresetInheritance.merge(resolved, overrides.presetNode())
    (merged.line, merged.column, merged.source) = (resolved.line, resolved.column, resolved.source)
    do {
      try self.init(root: merged, file: file)
      // A preset's own end texts name its own domain ("50%" and "100%" of heart-rate's 50 to
      // 100): where a min or max moves that end, its number is shown instead.
      if labels.start != nil || labels.end != nil, overrides.min != nil || overrides.max != nil,
        let preset = try? Gauge(root: resolved, file: file)
      {
        if min != preset.min { labels.start = nil }
        if max != preset.max { labels.end = nil }
      }
    } catch {
      // A min or max that moves the domain from under the preset's own zones (or its max or
      // neutral point) breaks rules at the preset's lines, which the user never wrote: when
      // the preset alone is valid, the override is what is wrong, and the problem is placed
      // there.
      guard case .invalidGauge(let problems) = error,
        problems.contains(where: { $0.line != nil }),
        let preset = try? Gauge(root: resolved, file: file)
      else { throw error }
      let moved = overrides.domainProblems(under: preset)
      if !moved.isEmpty { throw .invalidGauge(moved + problems.filter { $0.line == nil }) }
      throw .invalidGauge(
        problems.map { problem in
          problem.line == nil
            ? problem : overrides.movedDomainProblem(problem, under: preset) ?? problem
        })
    }
  }

  /// A gauge without a preset file: `overrides` must give `min`, `max` and the zones; every
  /// other field has the preset format's default, so this is the gauge a file holding only
  /// those fields decodes to.
  ///
  /// Edge cases:
  /// - Any of the three missing: one problem naming every missing one.
  ///
  /// - Throws: `GaugeError.invalidGauge` with every problem found.
  @_spi(Service)
  public init(overrides: PresetOverrides) throws(GaugeError) {
    let missing = [
      overrides.min == nil ? "min" : nil, overrides.max == nil ? "max" : nil,
      overrides.zones.isEmpty ? "zones" : nil,
    ].compactMap { $0 }
    guard missing.isEmpty else {
      let names = ["min", "max", "zones"].map(overrides.name(of:))
      throw .invalidGauge([
        Diagnostic(
          path: "",
          message: "a gauge without a preset needs \(names[0]), \(names[1]) and \(names[2]); "
            + missing.map(overrides.name(of:)).joined(separator: " and ")
            + (missing.count == 1 ? " is" : " are") + " missing")
      ])
    }
    try overrides.checkZoneBounds()
    try self.init(root: overrides.presetNode(), file: nil)
  }

  private init(root: JSONNode, file: String?) throws(GaugeError) {
    var decoder = PresetDecoder(file: file, root: root)
    do {
      self = try decoder.decode()
    } catch {
      guard case .invalidGauge(let problems) = error else { throw error }
      throw .invalidGauge(problems.map(PresetOverrides.named))
    }
  }
}
