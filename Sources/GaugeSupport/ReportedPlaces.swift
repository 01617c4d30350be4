import GaugeGeometry

/// The places shape problems were reported at, to tell whether a rule's problem is about the
/// same key, one inside it, or one around it, in time linear in the paths' lengths.
package struct ReportedPlaces {
  /// Every reported path.
  private var paths: Set<String> = []
  /// Every path that holds a reported one: "zones" and "zones[0]" for "zones[0].color".
  private var containers: Set<String> = []

  package init(_ reported: some Sequence<String>) {
    for path in reported {
      paths.insert(path)
      containers.formUnion(ReportedPlaces.containers(of: path))
    }
  }

  /// Whether a problem at `path` is at a reported place, inside one, or around one.
  package func covers(_ path: String) -> Bool {
    paths.contains(path) || containers.contains(path)
      || ReportedPlaces.containers(of: path).contains { paths.contains($0) }
  }

  /// The paths that hold `path`: each prefix that ends before a "." or a "[".
  package static func containers(of path: String) -> [String] {
    var result: [String] = []
    var index = path.startIndex
    while index != path.endIndex {
      if path[index] == "." || path[index] == "[", index != path.startIndex {
        result.append(String(path[..<index]))
      }
      index = path.index(after: index)
    }
    return result
  }
}
