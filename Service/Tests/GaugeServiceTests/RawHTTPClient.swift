import Foundation
import Hummingbird
import Logging
import ServiceLifecycle

@testable import GaugeService

#if canImport(Glibc)
  @preconcurrency import Glibc
#endif

/// A client over a real loopback socket that does what most HTTP libraries do: writes its
/// whole request, body included, before it reads a byte, then reads until the server
/// closes. Blocking calls on a thread of its own, each bounded by `timeout` seconds, so a
/// server that stops reading fails the test instead of hanging it.
struct RawHTTPClient {
  struct Exchange: Sendable {
    /// Whether every byte of the request was sent.
    var sent: Bool
    /// Everything the server wrote.
    var received: [UInt8]
    /// Whether the server closed the connection (rather than the read timing out).
    var closed: Bool

    var text: String { String(decoding: received, as: UTF8.self) }
    /// The status line, such as `HTTP/1.1 413 Payload Too Large`.
    var statusLine: String { text.components(separatedBy: "\r\n").first ?? "" }
    /// The header block, lower-cased names and values as sent.
    var headers: [String] {
      let head = text.components(separatedBy: "\r\n\r\n").first ?? ""
      return head.components(separatedBy: "\r\n").dropFirst().map { line in
        guard let colon = line.firstIndex(of: ":") else { return line }
        return line[..<colon].lowercased() + line[colon...]
      }
    }
    var body: String {
      guard let range = text.range(of: "\r\n\r\n") else { return "" }
      return String(text[range.upperBound...])
    }
  }

  let port: Int
  var timeout = 20

  /// Sends `request` whole, then reads to the end.
  func exchange(_ request: [UInt8]) async -> Exchange {
    let port = port
    let timeout = timeout
    return await withCheckedContinuation { continuation in
      let thread = Thread {
        continuation.resume(returning: RawHTTPClient.run(request, port: port, timeout: timeout))
      }
      thread.start()
    }
  }

  private static func run(_ request: [UInt8], port: Int, timeout: Int) -> Exchange {
    var exchange = Exchange(sent: false, received: [], closed: false)
    let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard socket >= 0 else { return exchange }
    defer { close(socket) }
    var limit = timeval(tv_sec: timeout, tv_usec: 0)
    _ = setsockopt(socket, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
    _ = setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard connected == 0 else { return exchange }
    var offset = 0
    while offset < request.count {
      let written = request[offset...].withUnsafeBytes { bytes in
        send(socket, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL))
      }
      guard written > 0 else { break }
      offset += written
    }
    exchange.sent = offset == request.count
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
      let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
      if count == 0 {
        exchange.closed = true
        break
      }
      guard count > 0 else { break }
      exchange.received += buffer[..<count]
    }
    return exchange
  }
}

/// Runs `test` against a server on a real loopback port, then shuts the server down
/// gracefully and waits for it to stop.
func withLiveService(
  _ configuration: ServiceConfiguration = ServiceConfiguration(),
  shedding: Bool = false,
  _ test: @escaping @Sendable (RawHTTPClient) async throws -> Void
) async throws {
  // Tests share the process's render threads: only a test of shedding keeps the limit.
  var configuration = shedding ? configuration : configuration.patient
  configuration.host = "127.0.0.1"
  configuration.port = 0
  let logger = Logger(label: "test")
  let (ports, portSender) = AsyncStream.makeStream(of: Int.self)
  let app = try GaugeServer.application(
    configuration: configuration, logger: logger,
    onServerRunning: { channel in
      portSender.yield(channel.localAddress?.port ?? 0)
      portSender.finish()
    })
  let services = ServiceGroup(
    configuration: ServiceGroupConfiguration(
      services: [app], gracefulShutdownSignals: [], logger: logger))
  try await withThrowingTaskGroup(of: Void.self) { group in
    group.addTask {
      // A server that fails to start ends the wait for its port below.
      defer { portSender.finish() }
      try await services.run()
    }
    defer { group.cancelAll() }
    guard let port = await ports.first(where: { _ in true }) else {
      try await group.waitForAll()
      throw LiveServiceError.notStarted
    }
    do {
      try await test(RawHTTPClient(port: port))
    } catch {
      await services.triggerGracefulShutdown()
      throw error
    }
    await services.triggerGracefulShutdown()
    try await group.waitForAll()
  }
}

/// The server of `withLiveService` stopped before it listened.
struct LiveServiceError: Error { static let notStarted = LiveServiceError() }

/// `METHOD PATH HTTP/1.1` with `Host` and the given fields, then `body`.
func rawRequest(
  _ method: String, _ path: String, fields: [String] = [], body: [UInt8] = [],
  version: String = "HTTP/1.1"
) -> [UInt8] {
  var head = "\(method) \(path) \(version)\r\nHost: localhost\r\n"
  for field in fields { head += field + "\r\n" }
  return Array((head + "\r\n").utf8) + body
}

extension RawHTTPClient.Exchange: CustomStringConvertible {
  var description: String {
    "sent: \(sent), closed: \(closed), received \(received.count) bytes: " + text.prefix(600)
  }
}
