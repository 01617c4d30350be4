import GaugeModel
@_spi(Service) import GaugeSupport

extension Gauge {
  /// The preset object at `key` of a request body, decoded and checked as a preset file is:
  /// every problem with its line and column in the body and its path within the preset
  /// (`zones[2].upTo`; the caller puts `key` in front).
  ///
  /// - Parameter loader: finds the preset an `extends` names.
  /// - Throws: `GaugeError.invalidGauge` with every problem, or what `loader` throws.
  @_spi(Service)
  public init(preset key: String, in body: JSONRequestBody, loader: PresetLoader?)
    throws(GaugeError)
  {
    guard let node = body.fields[key] else {
      throw body.problem(key, "is missing; required: a preset's name or a preset object")
    }
    let resolved = try PresetInheritance(loader: loader).resolve(node, file: nil, chain: [])
    var decoder = PresetDecoder(file: nil, root: resolved)
    self = try decoder.decode()
  }
}
