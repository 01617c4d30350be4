/// Everything a server is started with. Flags and environment variables fill it in
/// `gauge-server`; tests build one directly.
public struct ServiceConfiguration: Sendable, Hashable {
  /// Address to listen on; loopback by default, `0.0.0.0` in a container.
  public var host: String
  /// TCP port; 0 picks a free one.
  public var port: Int
  /// A folder of `NAME.json` presets served beside the built-in ones.
  public var presetDirectory: String?
  /// The largest request body, in bytes (413 beyond). 1 MiB, plus room for the fields
  /// around the largest preset the library reads.
  public var maximumBodySize: Int
  /// The longest request target (path and query), in bytes (414 beyond).
  public var maximumURLLength: Int
  /// How long a request may take to arrive and wait for a render, in seconds (503 after).
  public var requestTimeout: Double
  /// Renders at once; requests beyond wait for a permit.
  public var maximumConcurrentRenders: Int
  /// Raster pixels drawn at once (a PNG needs about 8 bytes a pixel while it is drawn):
  /// a PNG waits while others hold the budget; one larger than all of it runs alone; an
  /// animated PNG whose frames together pass it is refused. Two 8192 px images by default.
  public var renderPixelBudget: Int
  /// The longest a request may wait for its render to start, in milliseconds: past it the
  /// server sheds the request (503 with `Retry-After`) instead of queueing it further. The
  /// wait is measured per request, from when it asks for a render permit until a thread
  /// begins drawing it, so it covers the thread pool's queue as well as the gate's.
  public var maximumQueueMilliseconds: Int
  /// Seconds a connection may stay silent before the server closes it: keep-alive
  /// connections left open, and clients that stop sending a body (after their 408).
  public var idleTimeout: Double
  /// Bytes of drawn PNG images kept for repeats; 0 keeps none.
  public var pngCacheSize: Int
  /// Bytes of request bodies held at once across all connections (503 beyond): 256 MiB,
  /// about 230 of the largest bodies.
  public var bodyBufferBudget: Int
  /// Origins a browser may read answers for (CORS): `*` for any (the default: images are
  /// public), exact origins such as `https://example.com`, or none.
  public var corsOrigins: [String]

  public init(
    host: String = "127.0.0.1", port: Int = 8080, presetDirectory: String? = nil,
    maximumBodySize: Int = (1 << 20) + 64 * 1024, maximumURLLength: Int = 8192,
    requestTimeout: Double = 10, maximumConcurrentRenders: Int = 8,
    renderPixelBudget: Int = 2 * 8192 * 8192, maximumQueueMilliseconds: Int = 100,
    idleTimeout: Double = 60, pngCacheSize: Int = 32 << 20, bodyBufferBudget: Int = 256 << 20,
    corsOrigins: [String] = ["*"]
  ) {
    self.host = host
    self.port = port
    self.presetDirectory = presetDirectory
    self.maximumBodySize = maximumBodySize
    self.maximumURLLength = maximumURLLength
    self.requestTimeout = requestTimeout
    self.maximumConcurrentRenders = maximumConcurrentRenders
    self.renderPixelBudget = renderPixelBudget
    self.maximumQueueMilliseconds = maximumQueueMilliseconds
    self.idleTimeout = idleTimeout
    self.pngCacheSize = pngCacheSize
    self.bodyBufferBudget = bodyBufferBudget
    self.corsOrigins = corsOrigins
  }
}
