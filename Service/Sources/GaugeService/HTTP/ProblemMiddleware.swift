import Hummingbird
import Logging

/// The outermost middleware: refuses over-long URLs (414), turns every error into a
/// problem response (404 and 405 for paths the router does not know, the framework's own
/// statuses in our words, and a bare 500 for anything unforeseen, its details only in the
/// log), and records each request's endpoint, status and duration.
struct ProblemMiddleware<Context: RequestContext>: RouterMiddleware {
  let maximumURLLength: Int
  let metrics: ServiceMetrics

  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    let start = ContinuousClock.now
    let endpoint = Endpoint(path: request.uri.path)
    var response: Response
    do {
      let target = request.head.path ?? ""
      guard target.utf8.count <= maximumURLLength else {
        throw Problem(
          .uriTooLong,
          "the URL is \(target.utf8.count) bytes; at most \(maximumURLLength) allowed "
            + "(send large requests as POST with a JSON body)")
      }
      response = try await next(request, context)
    } catch let problem as Problem {
      response = problem.response
    } catch let error as any HTTPResponseError {
      // The framework's own refusals: the router's 404 (which may really be a 405), or a
      // status for something it could not read. Its words are replaced by ours.
      if error.status == .notFound {
        response = Self.unrouted(request, endpoint: endpoint).response
      } else {
        response =
          Problem(error.status, "the request failed: \(error.status.reasonPhrase)")
          .response
      }
    } catch {
      context.logger.error("unexpected error: \(String(reflecting: error))")
      response = Problem(.internalServerError, "the server failed; this is a bug").response
    }
    metrics.record(
      endpoint: endpoint, status: response.status.code, duration: ContinuousClock.now - start)
    return response
  }

  /// 405 with `Allow` for a known path and another method; 404 for an unknown path.
  static func unrouted(_ request: Request, endpoint: Endpoint?) -> Problem {
    guard let endpoint else {
      let paths = Endpoint.allCases.map(\.rawValue).joined(separator: ", ")
      let message = "no endpoint at '\(request.uri.path)'; the endpoints are \(paths)"
      return Problem.notFound("", message)
    }
    let allowed = endpoint.methods.map(\.rawValue).joined(separator: ", ")
    return Problem(
      .methodNotAllowed,
      "\(request.method.rawValue) is not allowed on \(endpoint.rawValue); use \(allowed)",
      headers: [.allow: allowed])
  }
}
