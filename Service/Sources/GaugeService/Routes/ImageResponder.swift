import GaugeKit
import HTTPTypes
import Hummingbird
import NIOPosix

/// Answers a checked `ImageJob`: 304 when the client already holds the image (412 for a POST
/// whose `If-None-Match` matches), otherwise the image drawn under a render permit.
struct ImageResponder: Sendable {
  let renderers: ImageRenderers
  let gate: RenderGate
  let metrics: ServiceMetrics

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
    let bytes = try await gate.withPermit(pixels: job.pixels, until: deadline) {
      () throws(Problem) in
      let drawn =
        job.pixels == 0
        ? Result { () throws(GaugeError) in try job.draw(renderer) }
        : try await ImageResponder.drawOffCooperativeThreads(job, renderer)
      do throws(GaugeError) {
        return try drawn.get()
      } catch {
        throw Problem(error, what: job.route == "pie" ? "the chart" : "the preset")
      }
    }
    metrics.rendered(job)
    headers[.contentType] = job.format.contentType
    return Response(
      status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
  }

  /// Draws a raster image on NIO's thread pool. A large PNG holds its thread for up to a
  /// second; on Swift's cooperative threads (one a core) a few of them would stall every
  /// other request, an SVG or `/healthz` as much as the gate's own timers. An SVG (a few
  /// microseconds) is drawn where it is asked for.
  private static func drawOffCooperativeThreads(_ job: ImageJob, _ renderer: any ImageRenderer)
    async throws(Problem) -> Result<[UInt8], GaugeError>
  {
    do {
      return try await NIOThreadPool.singleton.runIfActive {
        Result { () throws(GaugeError) in try job.draw(renderer) }
      }
    } catch is CancellationError {
      // The request's task was cancelled (the server is stopping) before the image began.
      throw Problem(
        .serviceUnavailable, "the server is stopping; try again in a second",
        headers: [.retryAfter: "1"])
    } catch {
      // The singleton pool is never shut down: anything else is a bug.
      throw Problem(.internalServerError, "the server failed; this is a bug")
    }
  }
}
