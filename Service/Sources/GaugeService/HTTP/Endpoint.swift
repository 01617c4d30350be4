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

  /// The endpoint a path belongs to, whatever the method; `nil` for no endpoint.
  init?(path: String) {
    switch path {
    case "/gauge": self = .gauge
    case "/gauge.svg", "/gauge.png": self = .gaugeFields
    case "/dashboard.svg", "/dashboard.png": self = .dashboard
    case "/pie.svg", "/pie.png": self = .pieImage
    case "/pie": self = .pie
    case "/presets": self = .presets
    case "/healthz": self = .health
    case "/metrics": self = .metrics
    case "/openapi.json": self = .openAPI
    default:
      let rest = path.dropFirst("/gauge/".count)
      guard path.hasPrefix("/gauge/"), !rest.isEmpty, !rest.contains("/") else { return nil }
      self = .gaugeImage
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
