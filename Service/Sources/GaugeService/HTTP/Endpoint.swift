import HTTPTypes

/// The service's endpoints by path, for what the router cannot say itself: which methods a
/// known path allows (405 rather than 404) and a bounded label for metrics.
enum Endpoint: String, Sendable, CaseIterable {
  case gaugeImage = "/gauge/{preset}.{svg|png}"
  /// A gauge without a preset: `min`, `max` and `zones` in the query.
  case gaugeFields = "/gauge.{svg|png}"
  /// Several gauges in one image: `g=PRESET:VALUE` again and again.
  case dashboard = "/dashboard.{svg|png}"
  case gauge = "/gauge"
  case pieImage = "/pie.{svg|png}"
  case pie = "/pie"
  case presets = "/presets"
  case health = "/healthz"
  case metrics = "/metrics"
  case openAPI = "/openapi.json"

  /// The paths the router serves for this endpoint: one per image format where the path
  /// names the format; `:file` stands for one path segment. The one route table: the router
  /// is built from it, and a request's endpoint is found in it.
  var routes: [String] {
    switch self {
    case .gaugeImage: ["/gauge/:file"]
    case .gaugeFields: Self.images("/gauge")
    case .dashboard: Self.images("/dashboard")
    case .gauge: ["/gauge"]
    case .pieImage: Self.images("/pie")
    case .pie: ["/pie"]
    case .presets: ["/presets"]
    case .health: ["/healthz"]
    case .metrics: ["/metrics"]
    case .openAPI: ["/openapi.json"]
    }
  }

  /// The image format a route names (`/pie.png`), if it names one.
  static func format(ofRoute route: String) -> ImageFormat? {
    ImageFormat.allCases.first { route.hasSuffix(".\($0.rawValue)") }
  }

  /// The endpoint a path belongs to, whatever the method; `nil` for no endpoint.
  init?(path: String) {
    if let exact = Self.exactPaths[path] {
      self = exact
      return
    }
    let match = Self.segmentRoutes.first { route in
      let rest = path.dropFirst(route.prefix.count)
      // A `Character`, not a string: the same answer without Foundation's substring search.
      return path.hasPrefix(route.prefix) && !rest.isEmpty && !rest.contains("/" as Character)
    }
    guard let match else { return nil }
    self = match.endpoint
  }

  private static func images(_ stem: String) -> [String] {
    ImageFormat.allCases.map { "\(stem).\($0.rawValue)" }
  }

  /// Routes without a parameter, by path.
  private static let exactPaths: [String: Endpoint] = Dictionary(
    uniqueKeysWithValues: allCases.flatMap { endpoint in
      endpoint.routes.filter { !$0.contains(":") }.map { ($0, endpoint) }
    })

  /// Routes that end in one parameter segment, by the prefix before it.
  private static let segmentRoutes: [(prefix: String, endpoint: Endpoint)] = allCases.flatMap {
    endpoint in
    endpoint.routes.compactMap { route in
      route.firstIndex(of: ":").map { (String(route[..<$0]), endpoint) }
    }
  }

  var methods: [HTTPRequest.Method] {
    switch self {
    case .gauge, .pie: [.post]
    default: [.get, .head]
    }
  }

  /// The metrics label: short and from a fixed set.
  var label: String {
    switch self {
    case .gaugeImage: "gauge_image"
    case .gaugeFields: "gauge_fields"
    case .dashboard: "dashboard"
    case .gauge: "gauge"
    case .pieImage: "pie_image"
    case .pie: "pie"
    case .presets: "presets"
    case .health: "healthz"
    case .metrics: "metrics"
    case .openAPI: "openapi"
    }
  }
}
