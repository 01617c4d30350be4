import NIOCore

extension Problem {
  /// The whole HTTP/1.1 response, for a refusal written below the HTTP layer (a request the
  /// parser could not read, `CONNECT`): status line, headers, and the problem body, ending
  /// the connection. Written raw because the parser never passed the request on, and because
  /// the encoder would drop a body answering `CONNECT`.
  var rawResponse: ByteBuffer {
    let body = json
    var text = "HTTP/1.1 \(status.code) \(status.reasonPhrase)\r\n"
    text += "content-type: application/problem+json; charset=utf-8\r\n"
    text += "cache-control: no-store\r\n"
    for field in headers { text += "\(field.name.canonicalName): \(field.value)\r\n" }
    text += "connection: close\r\ncontent-length: \(body.utf8.count)\r\n\r\n" + body
    return ByteBuffer(string: text)
  }
}
