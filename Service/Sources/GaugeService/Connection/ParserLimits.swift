import NIOHTTP1

/// What the HTTP/1 parser accepts before a request reaches the routes, and the problem for
/// each way a request can fail it.
struct ParserLimits: Sendable, Hashable {
  /// The longest URL the routes accept (`--max-url-bytes`); longer ones are a 414.
  let maximumURLLength: Int
  /// Header fields a request may carry.
  let maximumFieldCount: Int
  /// Bytes of one field (or of the URL), a limit of the parser's.
  let maximumFieldSize: Int
  /// Bytes of the URL and every field together.
  let maximumHeaderSize: Int

  /// Room for 100 fields of ordinary size; the URL has a limit of its own and is added to
  /// the whole, so a URL the routes accept never fails the parser.
  init(maximumURLLength: Int, maximumFieldCount: Int = 100, fieldBytes: Int = 16 << 10) {
    self.maximumURLLength = maximumURLLength
    self.maximumFieldCount = maximumFieldCount
    maximumFieldSize = max(fieldBytes, maximumURLLength)
    maximumHeaderSize = maximumURLLength + 4 * fieldBytes
  }

  /// The problem for a request the parser refused; `onRequestLine` tells an overflow of the
  /// URL (414) from one of the header fields (431).
  func problem(for error: HTTPParserError, onRequestLine: Bool) -> Problem {
    switch error {
    case .headerOverflow where onRequestLine:
      return Problem(
        .uriTooLong,
        "the URL is over \(maximumFieldSize) bytes; at most \(maximumURLLength) allowed "
          + "(send large requests as POST with a JSON body)")
    case .headerOverflow:
      return Problem(
        .requestHeaderFieldsTooLarge,
        "the header fields are too many or too large; at most \(maximumFieldCount) fields of "
          + "at most \(maximumFieldSize) bytes each, \(maximumHeaderSize) bytes in all with the URL"
      )
    case .invalidMethod:
      return Problem(.badRequest, "the request is not HTTP/1.1: its method is not a token")
    case .invalidVersion:
      return Problem(.badRequest, "the request is not HTTP/1.1: its version is not HTTP/1.0 or 1.1")
    case .invalidURL:
      return Problem(
        .badRequest, "the request's URL is not valid: it has a space or a control byte")
    case .invalidContentLength, .unexpectedContentLength:
      return Problem(
        .badRequest,
        "the request's Content-Length is not valid: give one whole number, not with "
          + "Transfer-Encoding")
    default:
      return Problem(.badRequest, "the request is not valid HTTP/1.1; the connection is closed")
    }
  }
}

extension Problem {
  /// `CONNECT`: a proxy's method, never this server's.
  static let connect = Problem(
    .notImplemented, "CONNECT is not supported: this server is not a proxy; use GET, HEAD or POST")
}
