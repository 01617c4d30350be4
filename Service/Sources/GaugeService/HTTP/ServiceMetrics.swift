import NIOConcurrencyHelpers
import Prometheus

/// The service's Prometheus metrics, kept in a registry of its own (no process-wide
/// bootstrap), so every server and test has its own counts.
///
/// Each counter and histogram is looked up in the registry once and then kept here by
/// endpoint and status: the registry's own lookup builds and checks names on every call.
final class ServiceMetrics: Sendable {
  private struct RequestKey: Hashable {
    let endpoint: Endpoint?
    let status: Int
  }

  private struct ImageKey: Hashable {
    let kind: String
    let format: ImageFormat
  }

  let registry: PrometheusCollectorRegistry
  private let rendersInFlight: Prometheus.Gauge
  private let pixelsInFlight: Prometheus.Gauge
  private let requests = NIOLockedValueBox<[RequestKey: Counter]>([:])
  private let durations = NIOLockedValueBox<[Endpoint?: DurationHistogram]>([:])
  private let images = NIOLockedValueBox<[ImageKey: Counter]>([:])

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
    pixelsInFlight = registry.makeGauge(
      descriptor: MetricNameDescriptor(
        namespace: "gauge", metricName: "render_pixels_in_flight", unitName: "",
        helpText: "PNG pixels being drawn now, out of --max-render-pixels."))
  }

  /// One answered request, by endpoint (`unmatched` for none) and status.
  func record(endpoint: Endpoint?, status: Int, duration: Duration) {
    let label = endpoint?.label ?? "unmatched"
    let key = RequestKey(endpoint: endpoint, status: status)
    let counter = requests.withLockedValue { counters in
      if let found = counters[key] { return found }
      let made = registry.makeCounter(
        descriptor: MetricNameDescriptor(
          namespace: "gauge", metricName: "http_requests", unitName: "total",
          helpText: "HTTP requests answered, by endpoint and status."),
        labels: [("endpoint", label), ("status", "\(status)")])
      counters[key] = made
      return made
    }
    counter.increment()
    let histogram = durations.withLockedValue { histograms in
      if let found = histograms[endpoint] { return found }
      let made = registry.makeDurationHistogram(
        descriptor: MetricNameDescriptor(
          namespace: "gauge", metricName: "http_request_duration", unitName: "seconds",
          helpText: "Time from request to response, by endpoint."),
        labels: [("endpoint", label)], buckets: ServiceMetrics.buckets)
      histograms[endpoint] = made
      return made
    }
    histogram.recordNanoseconds(duration.nanoseconds)
  }

  /// One image drawn, by kind (`gauge`, `pie`) and format.
  func rendered(_ job: ImageJob) {
    let key = ImageKey(kind: job.route, format: job.format)
    let counter = images.withLockedValue { counters in
      if let found = counters[key] { return found }
      let made = registry.makeCounter(
        descriptor: MetricNameDescriptor(
          namespace: "gauge", metricName: "images_rendered", unitName: "total",
          helpText: "Images drawn (not counting 304s), by kind and format."),
        labels: [("kind", job.route), ("format", job.format.rawValue)])
      counters[key] = made
      return made
    }
    counter.increment()
  }

  /// The Prometheus text exposition, with renders and their pixels in flight read now.
  func exposition(rendersInFlight count: Int, pixelsInFlight pixels: Int) -> [UInt8] {
    rendersInFlight.set(Double(count))
    pixelsInFlight.set(Double(pixels))
    return registry.emitToBuffer()
  }
}

extension Duration {
  var nanoseconds: Int64 {
    let (seconds, attoseconds) = components
    return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
  }
}
