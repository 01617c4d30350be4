import Hummingbird
import Logging
import NIOCore

/// The HTTP image service, assembled: configuration in, a Hummingbird application out.
public enum GaugeServer {
  /// The application for `configuration`, ready for `runService()` or a test client;
  /// `onServerRunning` is given the listening channel once the server is bound (a test that
  /// asks for port 0 reads its port there).
  ///
  /// - Throws: `PresetFolderError` when `--preset-dir` cannot be read or holds a broken
  ///   preset: the server refuses to start rather than serve half a folder.
  public static func application(
    configuration: ServiceConfiguration, logger: Logger,
    onServerRunning: @escaping @Sendable (any Channel) async -> Void = { _ in }
  ) throws(PresetFolderError) -> some ApplicationProtocol {
    let router = try makeRouter(configuration: configuration)
    return Application(
      router: router,
      server: .guardedHTTP1(
        limits: ParserLimits(maximumURLLength: configuration.maximumURLLength),
        idleTimeout: .milliseconds(Int64(configuration.idleTimeout * 1000))),
      configuration: ApplicationConfiguration(
        address: .hostname(configuration.host, port: configuration.port),
        serverName: "gauge-server"),
      onServerRunning: onServerRunning,
      logger: logger)
  }

  /// Serves until SIGTERM or SIGINT, then stops accepting connections and returns once the
  /// requests in flight are answered.
  public static func run(configuration: ServiceConfiguration, logger: Logger) async throws {
    try await application(configuration: configuration, logger: logger)
      .runService(gracefulShutdownSignals: [.sigterm, .sigint])
  }

  static func makeRouter(
    configuration: ServiceConfiguration, renderers: ImageRenderers? = nil, gate: RenderGate? = nil,
    bodies: BodyBudget? = nil
  ) throws(PresetFolderError) -> Router<BasicRequestContext> {
    let renderers =
      renderers ?? ImageRenderers(png: PNGImageRenderer(budget: configuration.pngCacheSize))
    let catalog =
      try configuration.presetDirectory.map(PresetCatalog.init(directory:))
      ?? PresetCatalog()
    let metrics = ServiceMetrics()
    let maximumQueue = Duration.milliseconds(configuration.maximumQueueMilliseconds)
    let gate =
      gate
      ?? RenderGate(
        limit: configuration.maximumConcurrentRenders, pixelBudget: configuration.renderPixelBudget,
        wait: maximumQueue)
    let router = Router(options: .autoGenerateHeadEndpoints)
    router.add(middleware: AccessMiddleware(cors: CORSPolicy(origins: configuration.corsOrigins)))
    router.add(
      middleware: ProblemMiddleware(
        maximumURLLength: configuration.maximumURLLength, metrics: metrics))
    ServiceRoutes(
      configuration: configuration, catalog: catalog,
      images: ImageResponder(
        renderers: renderers, gate: gate, metrics: metrics, maximumQueue: maximumQueue),
      metrics: metrics,
      bodies: bodies ?? BodyBudget(limit: configuration.bodyBufferBudget),
      openAPI: OpenAPIDocument.bytes(presets: catalog.names)
    ).add(to: router)
    return router
  }
}
