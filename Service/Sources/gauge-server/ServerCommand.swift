import ArgumentParser
import GaugeService
import Logging

/// `gauge-server`: flags, then environment variables, then defaults -> a configuration ->
/// the server, until SIGTERM or SIGINT, when it stops taking connections and finishes the
/// requests in flight.
@main
struct ServerCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "gauge-server",
    abstract: "Serve GaugeKit gauges and pie charts as images over HTTP.",
    discussion: """
      Every option can also come from an environment variable (the flag wins): GAUGE_HOST, \
      GAUGE_PORT, GAUGE_PRESET_DIR, GAUGE_MAX_BODY_BYTES, GAUGE_MAX_URL_BYTES, \
      GAUGE_REQUEST_TIMEOUT, GAUGE_MAX_RENDERS, GAUGE_MAX_RENDER_PIXELS, GAUGE_MAX_QUEUE_MS, \
      GAUGE_IDLE_TIMEOUT, GAUGE_PNG_CACHE_BYTES, GAUGE_MAX_BODY_BUFFER_BYTES, GAUGE_CORS_ORIGINS; LOG_LEVEL sets the log level (trace, debug, \
      info, notice, warning, error, critical). See docs/service.md.
      """)

  @Option(help: "Address to listen on (default 127.0.0.1; 0.0.0.0 in a container).")
  var host: String?

  @Option(help: "TCP port, 0...65535 (default 8080; 0 picks a free one).")
  var port: Int?

  @Option(help: "A folder of NAME.json presets to serve beside the built-in ones.")
  var presetDir: String?

  @Option(help: "The largest request body in bytes (default 1114112: 1 MiB + 64 KiB).")
  var maxBodyBytes: Int?

  @Option(help: "The longest request URL in bytes (default 8192).")
  var maxUrlBytes: Int?

  @Option(help: "Seconds a request may take to arrive and get a render permit (default 10).")
  var requestTimeout: Double?

  @Option(help: "Images drawn at once; more wait their turn (default 8).")
  var maxRenders: Int?

  @Option(
    help:
      "PNG pixels drawn at once; more wait their turn, one larger runs alone (default 134217728).")
  var maxRenderPixels: Int?

  @Option(
    name: .customLong("max-queue-ms"),
    help: """
      Milliseconds a request may wait for its render to begin; past it the server answers 503 \
      with Retry-After instead of queueing it (default 100).
      """)
  var maxQueueMs: Int?

  @Option(help: "Seconds a silent connection stays open (default 60).")
  var idleTimeout: Double?

  @Option(help: "Bytes of drawn PNG images kept for repeats; 0 keeps none (default 33554432).")
  var pngCacheBytes: Int?

  @Option(
    help: "Bytes of request bodies held at once, all connections together (default 268435456).")
  var maxBodyBufferBytes: Int?

  @Option(
    help: """
      Origins a browser may read answers for: '*' (default), 'none', or origins separated \
      by commas (https://a.example,https://b.example).
      """)
  var corsOrigins: String?

  func run() async throws {
    let environment = ServerEnvironment.current
    var configuration = ServiceConfiguration()
    configuration.host = host ?? environment.text("GAUGE_HOST") ?? configuration.host
    configuration.port =
      try checked(
        port ?? environment.integer("GAUGE_PORT"), "port", 0...65535) ?? configuration.port
    configuration.presetDirectory = presetDir ?? environment.text("GAUGE_PRESET_DIR")
    configuration.maximumBodySize =
      try checked(
        maxBodyBytes ?? environment.integer("GAUGE_MAX_BODY_BYTES"), "max-body-bytes",
        1024...(64 << 20)) ?? configuration.maximumBodySize
    configuration.maximumURLLength =
      try checked(
        maxUrlBytes ?? environment.integer("GAUGE_MAX_URL_BYTES"), "max-url-bytes",
        256...(1 << 20)) ?? configuration.maximumURLLength
    configuration.requestTimeout =
      try checked(
        requestTimeout ?? environment.number("GAUGE_REQUEST_TIMEOUT"),
        "request-timeout", 0.1...3600) ?? configuration.requestTimeout
    configuration.maximumConcurrentRenders =
      try checked(
        maxRenders ?? environment.integer("GAUGE_MAX_RENDERS"), "max-renders",
        1...1024) ?? configuration.maximumConcurrentRenders
    configuration.renderPixelBudget =
      try checked(
        maxRenderPixels ?? environment.integer("GAUGE_MAX_RENDER_PIXELS"), "max-render-pixels",
        1...(1 << 40)) ?? configuration.renderPixelBudget
    configuration.maximumQueueMilliseconds =
      try checked(
        maxQueueMs ?? environment.integer("GAUGE_MAX_QUEUE_MS"), "max-queue-ms",
        1...60_000) ?? configuration.maximumQueueMilliseconds
    configuration.idleTimeout =
      try checked(
        idleTimeout ?? environment.number("GAUGE_IDLE_TIMEOUT"), "idle-timeout", 1...3600)
      ?? configuration.idleTimeout
    configuration.pngCacheSize =
      try checked(
        pngCacheBytes ?? environment.integer("GAUGE_PNG_CACHE_BYTES"), "png-cache-bytes",
        0...(16 << 30)) ?? configuration.pngCacheSize
    configuration.bodyBufferBudget =
      try checked(
        maxBodyBufferBytes ?? environment.integer("GAUGE_MAX_BODY_BUFFER_BYTES"),
        "max-body-buffer-bytes", (64 << 10)...(64 << 30)) ?? configuration.bodyBufferBudget

    if let origins = corsOrigins ?? environment.text("GAUGE_CORS_ORIGINS") {
      configuration.corsOrigins =
        origins == "none" ? [] : origins.split(separator: ",").map(String.init)
    }

    // swift-log's default handler (no one bootstraps another), its metadata formatted only for
    // a line logged.
    var logger = Logger(label: "gauge-server") { label in
      DeferredMetadataLogHandler(StreamLogHandler.standardError(label: label))
    }
    logger.logLevel =
      try environment.text("LOG_LEVEL").map { text in
        guard let level = Logger.Level(rawValue: text) else {
          throw ValidationError("LOG_LEVEL: '\(text)' is not a log level")
        }
        return level
      } ?? .info
    do {
      try await GaugeServer.run(configuration: configuration, logger: logger)
    } catch let error as PresetFolderError {
      throw ValidationError(error.description)
    }
  }

  private func checked<T: Comparable>(_ value: T?, _ name: String, _ range: ClosedRange<T>)
    throws -> T?
  {
    guard let value else { return nil }
    guard range.contains(value) else {
      throw ValidationError(
        "--\(name): \(value) is out of range; allowed: \(range.lowerBound)...\(range.upperBound)")
    }
    return value
  }
}
