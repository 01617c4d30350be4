import NIOCore
import NIOHTTP1

/// Sits between the HTTP/1 parser and Hummingbird and decides how each exchange ends:
///
/// - an answer written before its request was read whole (413, 408) closes the connection,
///   after `LingeringClose` has read and discarded the rest of the body;
/// - a request without keep-alive (HTTP/1.0 without `Connection: keep-alive`, or
///   `Connection: close`) closes the connection once answered;
/// - a request the parser cannot read (too many or too large header fields, a URL past the
///   parser's limit, bytes that are not HTTP) is answered here in problem+json, since no
///   request reaches the routes, and the connection lingers and closes;
/// - `CONNECT` (this is not a proxy) is answered 501 and closes: the parser treats what
///   follows it as a tunnel's bytes, so nothing after it can be read as HTTP.
final class ExchangeGuard: ChannelDuplexHandler, RemovableChannelHandler {
  typealias InboundIn = HTTPServerRequestPart
  typealias InboundOut = HTTPServerRequestPart
  typealias OutboundIn = HTTPServerResponsePart
  typealias OutboundOut = HTTPServerResponsePart

  private let connection: LingeringClose
  private let limits: ParserLimits
  /// Keep-alive of each request passed on and not yet answered, oldest first.
  private var keepAlive: [Bool] = []
  /// A request's head has passed and its end has not.
  private var requestOpen = false
  /// The answer being written ends the connection.
  private var closing = false
  /// Everything read is dropped: the connection is ending.
  private var lingering = false
  /// The parser has failed: what it would read next is not framed.
  private var parserFailed = false
  /// A refusal to write once the answers before it are out.
  private var pendingRefusal: Problem?

  init(connection: LingeringClose, limits: ParserLimits) {
    self.connection = connection
    self.limits = limits
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    let part = unwrapInboundIn(data)
    if lingering {
      if case .end = part { connection.closeWhenFlushed() }
      return
    }
    switch part {
    case .head(var head):
      connection.headersEnded()
      if head.method == .CONNECT {
        refuse(Problem.connect, context: context)
        return
      }
      requestOpen = true
      keepAlive.append(head.isKeepAlive)
      if !head.isKeepAlive {
        // Hummingbird ends its loop on `Connection: close` only.
        head.headers.replaceOrAdd(name: "connection", value: "close")
      }
      context.fireChannelRead(wrapInboundOut(.head(head)))
    case .body:
      context.fireChannelRead(data)
    case .end:
      requestOpen = false
      connection.messageEnded()
      context.fireChannelRead(data)
    }
  }

  func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
    switch unwrapOutboundIn(data) {
    case .head(var head):
      let early = requestOpen && keepAlive.count == 1
      let kept = keepAlive.isEmpty ? true : keepAlive.removeFirst()
      closing = early || !kept || pendingRefusal != nil
      if closing { head.headers.replaceOrAdd(name: "connection", value: "close") }
      context.write(wrapOutboundOut(.head(head)), promise: promise)
    case .body:
      context.write(data, promise: promise)
    case .end:
      context.write(data, promise: promise)
      guard closing else { return }
      lingering = true
      if let refusal = pendingRefusal, keepAlive.isEmpty {
        connection.linger(answer: refusal.rawResponse, forwarding: false)
      } else if requestOpen {
        // An early answer: read the rest of the body, through the parser while it can still
        // find the body's end.
        connection.linger(answer: nil, forwarding: !parserFailed)
      } else {
        connection.closeWhenFlushed()
      }
    }
  }

  func errorCaught(context: ChannelHandlerContext, error: any Error) {
    if error is ByteToMessageDecoderError, parserFailed { return }
    guard let parserError = error as? HTTPParserError else {
      context.fireErrorCaught(error)
      return
    }
    parserFailed = true
    if requestOpen {
      // The body of a request being answered is broken: its reader learns of it.
      context.fireErrorCaught(error)
      return
    }
    refuse(
      limits.problem(for: parserError, onRequestLine: connection.onRequestLine), context: context)
  }

  /// Answers `problem` here and ends the connection, after any answers still being written.
  private func refuse(_ problem: Problem, context: ChannelHandlerContext) {
    guard keepAlive.isEmpty else {
      pendingRefusal = problem
      return
    }
    lingering = true
    connection.linger(answer: problem.rawResponse, forwarding: false)
  }
}
