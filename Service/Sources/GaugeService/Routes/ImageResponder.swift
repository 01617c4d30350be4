import GaugeKit
import HTTPTypes
import Hummingbird

/// Answers a checked `ImageJob`: 304 when the client already holds the image (412 for a POST
/// whose `If-None-Match` matches), otherwise the image drawn under a render permit.
///
/// Load shedding: a request whose render has not begun within `maximumQueue` of asking for
/// a permit is answered 503 with `Retry-After` (the gate's own wait for a permit, then the
/// pool's for a thread, `PoolTurns`), so past capacity clients hear at once to come back
/// rather than wait in a queue that only grows. A drawn image's `Server-Timing` tells how
/// long it waited (`queue`) and how long it took to draw (`render`), in milliseconds.
struct ImageResponder: Sendable {
  let renderers: ImageRenderers
  let gate: RenderGate
  let metrics: ServiceMetrics
  /// The longest a request waits for its render to begin.
  var maximumQueue: Duration = .milliseconds(100)
  /// Raster images are drawn on NIO's thread pool, each refused if no thread takes it up in
  /// time.
  let turns = PoolTurns<Drawn?>()

  static let serverTiming = HTTPField.Name("Server-Timing")!

  /// Every image is a pure function of its URL or body, so any cache may keep it for good.
  static let cacheControl = "public, max-age=31536000, immutable"

  func respond(to job: ImageJob, request: Request, deadline: ContinuousClock.Instant)
    async throws(Problem) -> Response
  {
    let renderer = renderers.renderer(for: job.format)
    var headers = HTTPFields()
    headers[.eTag] = job.entityTag.header
    headers[.cacheControl] = ImageResponder.cacheControl
    if job.variesByLanguage { headers.append(HTTPField(name: .vary, value: "Accept-Language")) }
    if let match = request.headers[.ifNoneMatch], job.entityTag.matches(ifNoneMatch: match) {
      // RFC 9110 §13.1.2: 304 answers a GET or HEAD; any other method fails the condition.
      guard request.method == .get || request.method == .head else {
        throw Problem(
          .preconditionFailed,
          "the image matches If-None-Match; revalidate with GET, or leave the header out")
      }
      return Response(status: .notModified, headers: headers)
    }
    if job.images > 1, job.pixels > gate.pixelBudget {
      // A still image larger than the budget runs alone; an animation (up to the library's
      // 1,800 frames) past the budget is refused.
      throw .badParameter(
        "animate",
        "needs \(job.images - 1) frames of \(job.pixelsPerImage) pixels, more than the server "
          + "draws at once (\(gate.pixelBudget) pixels); ask for a smaller image or a still one")
    }
    let asked = ContinuousClock.now
    let startBy = asked.advanced(by: maximumQueue)
    let (bytes, timing) = try await gate.withPermit(pixels: job.pixels, until: deadline) {
      () throws(Problem) in
      let drawn =
        job.pixels == 0
        ? ImageResponder.draw(job, renderer, asked: asked, startBy: nil)
        : try await drawOffCooperativeThreads(
          job, renderer, asked: asked, startBy: startBy)
      guard let drawn else { throw RenderGate.busy }
      do throws(GaugeError) {
        return (try drawn.image.get(), drawn.timing)
      } catch {
        throw Problem(
          error, summary: job.route == "pie" ? "the chart has" : "the preset has",
          option: job.animated ? "animate" : "")
      }
    }
    metrics.rendered(job)
    headers[.contentType] = job.format.contentType
    headers[ImageResponder.serverTiming] = timing
    return Response(
      status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
  }

  /// Draws a raster image on NIO's thread pool. A large PNG holds its thread for up to a
  /// second; on Swift's cooperative threads (one a core) a few of them would stall every
  /// other request, an SVG or `/healthz` as much as the gate's own timers. An SVG (a few
  /// microseconds) is drawn where it is asked for. A render no thread takes up by `startBy`
  /// is refused then (`nil`), not when a thread gets to it.
  private func drawOffCooperativeThreads(
    _ job: ImageJob, _ renderer: any ImageRenderer, asked: ContinuousClock.Instant,
    startBy: ContinuousClock.Instant
  ) async throws(Problem) -> Drawn? {
    switch await turns.run(
      startBy: startBy, { Self.draw(job, renderer, asked: asked, startBy: startBy) })
    {
    case .done(let drawn): return drawn
    case .late: return nil
    case .cancelled:
      // The request's task was cancelled (the server is stopping) before the image began.
      throw Problem(
        .serviceUnavailable, "the server is stopping; try again in a second",
        headers: [.retryAfter: "1"])
    }
  }

  /// An image drawn, or its error, and its `Server-Timing` value.
  struct Drawn: Sendable {
    let image: Result<[UInt8], GaugeError>
    let timing: String
  }

  /// Draws `job` now, unless it is past `startBy`: then `nil`, and nothing is drawn.
  private static func draw(
    _ job: ImageJob, _ renderer: any ImageRenderer, asked: ContinuousClock.Instant,
    startBy: ContinuousClock.Instant?
  ) -> Drawn? {
    let start = ContinuousClock.now
    if let startBy, start > startBy { return nil }
    let image = Result { () throws(GaugeError) in try job.draw(renderer) }
    let end = ContinuousClock.now
    return Drawn(
      image: image,
      timing: "queue;dur=\(milliseconds(start - asked)), render;dur=\(milliseconds(end - start))")
  }

  /// A duration in milliseconds with three decimals, as `Server-Timing` writes them.
  static func milliseconds(_ duration: Duration) -> String {
    let microseconds = max(0, duration / .microseconds(1))
    let whole = Int(microseconds) / 1000
    let fraction = Int(microseconds) % 1000
    let digits = String(fraction)
    return "\(whole)." + String(repeating: "0", count: 3 - digits.count) + digits
  }
}
