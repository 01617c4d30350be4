import GaugeKit

/// A dashboard file (`gauge dashboard FILE.json`): gauges, where each one's number comes
/// from, and what to do when one turns red. docs/dashboard.md describes the format.
struct Dashboard: Sendable {
  /// The header line's title; `nil` shows the file's name.
  var title: String?
  var gauges: [DashboardGauge]
  /// A command (run with /bin/sh) when a gauge enters an alert zone.
  var onAlert: String?
  /// Whether entering an alert zone rings the terminal's bell.
  var bell = false
  /// Values kept for each gauge's sparkline; 0 draws none.
  var history = 0

  /// The most gauges a dashboard holds.
  static let maximumGauges = 64
  /// The most values a sparkline keeps.
  static let maximumHistory = 400
  /// The largest dashboard file read, in bytes.
  static let maximumFileSize = 1 << 20
}

/// One gauge of a dashboard.
struct DashboardGauge: Sendable {
  /// Its id in JSON output, in `NAME VALUE` lines and in alerts.
  var name: String
  var gauge: Gauge
  var source: DashboardSource
  var alert: AlertRule?
}

/// The zones, by index into the gauge's zones, that raise an alert.
struct AlertRule: Sendable, Equatable {
  var warning: Set<Int> = []
  var critical: Set<Int> = []

  /// The level of zone `index`; critical wins if a zone is named in both.
  func level(ofZone index: Int?) -> AlertLevel {
    guard let index else { return .ok }
    if critical.contains(index) { return .critical }
    if warning.contains(index) { return .warning }
    return .ok
  }
}

/// How bad a gauge's zone is, as monitoring systems count it.
enum AlertLevel: String, Sendable, Comparable {
  case ok
  case warning
  case critical

  private var rank: Int {
    switch self {
    case .ok: 0
    case .warning: 1
    case .critical: 2
    }
  }

  static func < (a: AlertLevel, b: AlertLevel) -> Bool { a.rank < b.rank }
}

/// Where a gauge's number comes from, and how often it is asked for.
struct DashboardSource: Sendable, Equatable {
  enum Kind: Sendable, Equatable {
    /// An instant query through Prometheus's HTTP API.
    case prometheus(server: String, query: String)
    /// A JSON document and the RFC 6901 pointer to the number in it.
    case http(url: String, pointer: String)
    /// A command run with /bin/sh: the first number it prints.
    case exec(String)
    /// A file read again each time: the first number in it.
    case file(String)
    /// `NAME VALUE` lines on standard input.
    case stdin
  }

  var kind: Kind
  /// Seconds between fetches.
  var every = DashboardSource.defaultInterval
  /// Seconds a fetch may take before it counts as failed.
  var timeout = DashboardSource.defaultTimeout
  /// The environment variable holding a bearer token (HTTP sources only).
  var tokenVariable: String?

  static let defaultInterval = 2.0
  static let defaultTimeout = 5.0
  /// The longest wait between retries of a failing source, in seconds.
  static let maximumBackoff = 60.0

  /// Seconds to wait after `failures` failures in a row: `every`, doubled for each failure
  /// after the first, at most `maximumBackoff` (or `every`, if that is longer).
  ///
  /// Edge cases: 0 failures (a success) waits `every`.
  func delay(afterFailures failures: Int) -> Double {
    guard failures > 1 else { return every }
    let doubled = every * Double(1 << Swift.min(failures - 1, 20))
    return Swift.min(doubled, Swift.max(every, DashboardSource.maximumBackoff))
  }

  /// The source in a few words, for `--once --json`: `prometheus http://host:9090 up`.
  var summary: String {
    switch kind {
    case .prometheus(let server, let query): "prometheus \(server) \(query)"
    case .http(let url, let pointer): pointer.isEmpty ? "http \(url)" : "http \(url) \(pointer)"
    case .exec(let command): "exec \(command)"
    case .file(let path): "file \(path)"
    case .stdin: "stdin"
    }
  }
}
