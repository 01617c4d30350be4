import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1

/// Hummingbird's HTTP/1 connection with the service's two guards in its pipeline:
/// `LingeringClose` first, at the socket, and `ExchangeGuard` just after the parser.
struct GuardedHTTP1Channel: ServerChildChannel {
  typealias Value = HTTP1Channel.Value

  let http1: HTTP1Channel
  let limits: ParserLimits

  init(
    responder: @escaping HTTPChannelHandler.Responder, limits: ParserLimits,
    idleTimeout: TimeAmount
  ) {
    let decoder = HTTP1Channel.Configuration.DecoderConfiguration(
      maxHeaderFieldSize: limits.maximumFieldSize, maxHeaderListSize: limits.maximumHeaderSize,
      maxHeaderFieldCount: limits.maximumFieldCount)
    http1 = HTTP1Channel(
      responder: responder,
      configuration: .init(idleTimeout: idleTimeout, httpDecoderConfiguration: decoder))
    self.limits = limits
  }

  func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
    let limits = limits
    return http1.setup(channel: channel, logger: logger).flatMapThrowing { value in
      let pipeline = channel.pipeline.syncOperations
      let connection = LingeringClose()
      try pipeline.addHandler(connection, position: .first)
      let parser = try pipeline.handler(type: ByteToMessageHandler<HTTPRequestDecoder>.self)
      try pipeline.addHandler(
        ExchangeGuard(connection: connection, limits: limits), position: .after(parser))
      return value
    }
  }

  func handle(value: Value, logger: Logger) async {
    await http1.handle(value: value, logger: logger)
  }
}

extension HTTPServerBuilder {
  /// HTTP/1 with the service's guards (`GuardedHTTP1Channel`).
  static func guardedHTTP1(limits: ParserLimits, idleTimeout: TimeAmount) -> HTTPServerBuilder {
    HTTPServerBuilder { responder in
      GuardedHTTP1Channel(responder: responder, limits: limits, idleTimeout: idleTimeout)
    }
  }
}
