import NIOCore

/// The first handler on every connection, where bytes cross the socket: after an early
/// answer it keeps reading and discarding what the client still sends, then closes.
///
/// Most HTTP clients (Python's urllib, curl without `Expect: 100-continue`) write their whole
/// body before they read. A server that answers early (413 before reading an oversized body,
/// a refusal of a request the parser could not read) and then stops reading leaves such a
/// client blocked in its send until the idle timeout, which ends in a broken pipe and no
/// answer. Lingering (as Apache and nginx do) lets the client finish, read its answer, and see
/// the connection end.
///
/// Lingering ends, and the connection closes once everything written has been flushed, at the
/// first of: the request's end (`finish()`, from `ExchangeGuard`, when the body is still
/// framed), the client closing its side, `maximumDiscardedBytes` discarded, `quietPeriod`
/// without a byte, or `maximumLinger` in all.
///
/// It also follows where each request's first line ends, so that a parser overflow can be
/// told apart: on the request line (a long URL: 414) or in the header fields (431).
final class LingeringClose: ChannelDuplexHandler, RemovableChannelHandler {
  typealias InboundIn = ByteBuffer
  typealias InboundOut = ByteBuffer
  typealias OutboundIn = ByteBuffer
  typealias OutboundOut = ByteBuffer

  /// At least this much is read and discarded before the server gives up on a client.
  static let maximumDiscardedBytes = 32 << 20

  private enum Mode {
    /// Bytes pass to the HTTP parser.
    case passing
    /// Bytes are counted; `forwarding` passes them on (the parser still frames the body and
    /// finds its end), otherwise they are dropped (the parser has failed or stopped).
    case lingering(forwarding: Bool)
    case closing
  }

  private let quietPeriod: TimeAmount
  private let maximumLinger: TimeAmount
  private var mode = Mode.passing
  private var discarded = 0
  private var quietTimer: Scheduled<Void>?
  private var lingerTimer: Scheduled<Void>?
  private var context: ChannelHandlerContext?
  /// Whether the bytes read are still on a request's first line (`GET /… HTTP/1.1`).
  private(set) var onRequestLine = true
  /// Bytes of the request line read so far, blank lines before it left out.
  private var requestLineBytes = 0

  init(quietPeriod: TimeAmount = .seconds(2), maximumLinger: TimeAmount = .seconds(30)) {
    self.quietPeriod = quietPeriod
    self.maximumLinger = maximumLinger
  }

  func handlerAdded(context: ChannelHandlerContext) {
    self.context = context
  }

  func handlerRemoved(context: ChannelHandlerContext) {
    cancelTimers()
    self.context = nil
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    switch mode {
    case .passing:
      if onRequestLine { follow(unwrapInboundIn(data)) }
      context.fireChannelRead(data)
    case .lingering(let forwarding):
      discarded += unwrapInboundIn(data).readableBytes
      if discarded >= LingeringClose.maximumDiscardedBytes {
        closeWhenFlushed()
        return
      }
      scheduleQuietTimer()
      if forwarding { context.fireChannelRead(data) }
    case .closing:
      break
    }
  }

  func channelReadComplete(context: ChannelHandlerContext) {
    // The HTTP layer stops asking for reads while its own buffer is full; a lingering
    // connection must be read whatever it thinks.
    if case .lingering = mode { context.read() }
    context.fireChannelReadComplete()
  }

  func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
    if case ChannelEvent.inputClosed = event, case .lingering = mode {
      closeWhenFlushed()
    }
    context.fireUserInboundEventTriggered(event)
  }

  func channelInactive(context: ChannelHandlerContext) {
    cancelTimers()
    mode = .closing
    context.fireChannelInactive()
  }

  /// The request line has ended once a line feed follows something other than blank lines.
  private func follow(_ buffer: ByteBuffer) {
    buffer.withUnsafeReadableBytes { bytes in
      for byte in bytes {
        switch byte {
        case UInt8(ascii: "\n"):
          if requestLineBytes > 0 {
            onRequestLine = false
            return
          }
        case UInt8(ascii: "\r"):
          break
        default:
          requestLineBytes += 1
        }
      }
    }
  }

  /// A request's header fields have been read: what follows is its body.
  func headersEnded() {
    onRequestLine = false
  }

  /// A request has been read whole: what follows is the next request's first line.
  func messageEnded() {
    onRequestLine = true
    requestLineBytes = 0
  }

  /// Starts lingering: writes `answer` (a whole HTTP response, when the HTTP layer cannot
  /// write it), then reads and discards until one of the ends in the type's comment.
  func linger(answer: ByteBuffer?, forwarding: Bool) {
    guard let context, case .passing = mode else { return }
    mode = .lingering(forwarding: forwarding)
    if let answer { context.writeAndFlush(wrapOutboundOut(answer), promise: nil) }
    scheduleQuietTimer()
    lingerTimer = context.eventLoop.assumeIsolated().scheduleTask(in: maximumLinger) {
      self.closeWhenFlushed()
    }
    context.read()
  }

  /// Closes once everything written so far has reached the socket.
  func closeWhenFlushed() {
    guard let context else { return }
    if case .closing = mode { return }
    mode = .closing
    cancelTimers()
    // Writes complete in order: once this empty one has, every answer before it is out.
    let flushed = context.eventLoop.makePromise(of: Void.self)
    context.writeAndFlush(wrapOutboundOut(ByteBuffer()), promise: flushed)
    flushed.futureResult.assumeIsolated().whenComplete { _ in
      context.close(promise: nil)
    }
  }

  private func scheduleQuietTimer() {
    guard let context else { return }
    quietTimer?.cancel()
    quietTimer = context.eventLoop.assumeIsolated().scheduleTask(in: quietPeriod) {
      self.closeWhenFlushed()
    }
  }

  private func cancelTimers() {
    quietTimer?.cancel()
    quietTimer = nil
    lingerTimer?.cancel()
    lingerTimer = nil
  }
}
