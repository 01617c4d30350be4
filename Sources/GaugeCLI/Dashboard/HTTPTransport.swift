import Foundation
import GaugeKit
import Synchronization

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

// The only file of the command line that uses Foundation: HTTP for dashboard sources.

/// GET requests for dashboard sources, through Foundation's URL loading (FoundationNetworking
/// on Linux), answered on Swift concurrency without holding a thread while they wait.
enum HTTPTransport {
  /// A response: its status code and body.
  struct Response: Sendable {
    var status: Int
    var body: [UInt8]
  }

  /// The largest body read, in bytes.
  static let maximumBody = 4 << 20

  /// Fetches `address`, sending `bearer` as an `Authorization: Bearer` header if given.
  ///
  /// Edge cases:
  /// - No answer within `timeout` seconds fails with "timed out after N s".
  /// - A body over `maximumBody` fails, as does an address Foundation cannot parse.
  static func get(_ address: String, bearer: String?, timeout: Double) async throws(SourceFault)
    -> Response
  {
    guard let url = URL(string: address) else {
      throw SourceFault("\(TerminalSafe.quote(address)) is not a URL")
    }
    var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData)
    request.timeoutInterval = timeout
    request.setValue("application/json", forHTTPHeaderField: "Accept")
    if let bearer { request.setValue("Bearer \(bearer)", forHTTPHeaderField: "Authorization") }
    let outcome = await withCheckedContinuation {
      (continuation: CheckedContinuation<Result<Response, SourceFault>, Never>) in
      let once = Mutex(false)
      let finish = { @Sendable (result: Result<Response, SourceFault>) in
        let first = once.withLock { done in
          defer { done = true }
          return !done
        }
        if first { continuation.resume(returning: result) }
      }
      let task = session.dataTask(with: request) { data, response, error in
        if let error {
          finish(.failure(fault(for: error, timeout: timeout)))
          return
        }
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        let body = data.map { [UInt8]($0) } ?? []
        guard body.count <= maximumBody else {
          finish(.failure(SourceFault("the answer is larger than \(maximumBody) bytes")))
          return
        }
        finish(.success(Response(status: status, body: body)))
      }
      task.resume()
      // Foundation's own timeout counts idle time; this one bounds the whole request.
      Task.detached {
        try? await Task.sleep(nanoseconds: UInt64((timeout + 0.25) * 1e9))
        finish(.failure(SourceFault("timed out after \(FixedDecimal.plain(timeout)) s")))
        task.cancel()
      }
    }
    return try outcome.get()
  }

  /// One session for every request, with no cache and no cookies.
  private static let session: URLSession = {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.urlCache = nil
    configuration.httpCookieStorage = nil
    configuration.httpMaximumConnectionsPerHost = 4
    return URLSession(configuration: configuration)
  }()

  /// The error in a few plain words: "connection refused", "unknown host".
  private static func fault(for error: any Error, timeout: Double) -> SourceFault {
    guard let error = error as? URLError else {
      return SourceFault(String(describing: error))
    }
    switch error.code {
    case .cannotConnectToHost: return SourceFault("connection refused")
    case .timedOut, .cancelled:
      return SourceFault("timed out after \(FixedDecimal.plain(timeout)) s")
    case .cannotFindHost, .dnsLookupFailed: return SourceFault("unknown host")
    case .networkConnectionLost: return SourceFault("the connection was lost")
    case .notConnectedToInternet: return SourceFault("no network")
    case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
      .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot:
      return SourceFault("the TLS connection failed")
    case .badServerResponse: return SourceFault("the server's answer is not HTTP")
    default: return SourceFault(error.localizedDescription)
    }
  }
}
