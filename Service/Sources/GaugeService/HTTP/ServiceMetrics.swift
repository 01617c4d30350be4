import Prometheus

/// The service's Prometheus metrics, kept in a registry of its own (no process-wide
/// bootstrap), so every server and test has its own counts.
final class ServiceMetrics: Sendable {
  let registry: PrometheusCollectorRegistry
  private let rendersInFlight: Prometheus.Gauge

  private static var requests: MetricNameDescriptor {
    MetricNameDescriptor(
      namespace: "gauge", metricName: "http_requests", unitName: "total",
      helpText: "HTTP requests answered, by endpoint and status.")
  }
  private static var requestDuration: MetricNameDescriptor {
    MetricNameDescriptor(
      namespace: "gauge", metricName: "http_request_duration", unitName: "seconds",
      helpText: "Time from request to response, by endpoint.")
  }
  private static var images: MetricNameDescriptor {
    MetricNameDescriptor(
      namespace: "gauge", metricName: "images_rendered", unitName: "total",
      helpText: "Images drawn (not counting 304s), by kind and format.")
  }
  /// From a quick answer to the longest wait for a permit.
  private static let buckets: [Duration] = [
    .microseconds(500), .milliseconds(1), .milliseconds(2), .milliseconds(5), .milliseconds(10),
    .milliseconds(25), .milliseconds(50), .milliseconds(100), .milliseconds(250),
    .milliseconds(500), .seconds(1), .seconds(2.5), .seconds(5), .seconds(10),
  ]

  init() {
    registry = PrometheusCollectorRegistry()
    rendersInFlight = registry.makeGauge(
      descriptor: MetricNameDescriptor(
        namespace: "gauge", metricName: "renders_in_flight", unitName: "",
        helpText: "Images being drawn now."))
  }

  /// One answered request, by endpoint (`unmatched` for none) and status.
  func record(endpoint: Endpoint?, status: Int, duration: Duration) {
    let label = endpoint?.label ?? "unmatched"
    registry.makeCounter(
      descriptor: ServiceMetrics.requests, labels: [("endpoint", label), ("status", "\(status)")]
    ).increment()
    registry.makeDurationHistogram(
      descriptor: ServiceMetrics.requestDuration, labels: [("endpoint", label)],
      buckets: ServiceMetrics.buckets
    ).recordNanoseconds(duration.nanoseconds)
  }

  /// One image drawn, by kind (`gauge`, `pie`) and format.
  func rendered(_ job: ImageJob) {
    registry.makeCounter(
      descriptor: ServiceMetrics.images,
      labels: [("kind", job.route), ("format", job.format.rawValue)]
    ).increment()
  }

  /// The Prometheus text exposition, with renders in flight read now.
  func exposition(rendersInFlight count: Int) -> [UInt8] {
    rendersInFlight.set(Double(count))
    return registry.emitToBuffer()
  }
}

extension Duration {
  var nanoseconds: Int64 {
    let (seconds, attoseconds) = components
    return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
  }
}
