import GaugeKit
@_spi(Service) import GaugeSupport
import Hummingbird

/// An error response in RFC 9457's `application/problem+json`: the status, its standard
/// title, one human-readable `detail`, and an `errors` list of `path` (a query parameter or
/// JSON path) and `message`, in the words the `gauge` CLI uses.
///
/// Every body has the same shape, so a client reads `errors` whatever the status: a problem
/// of the request as a whole (its method, its headers, its body's size or arrival, a busy
/// server, a bug) is one entry with the empty path and the detail as its message.
///
/// Every failure a route can meet ends as one of these; nothing else reaches the client, so no
/// stack trace, type name or file path can leak.
struct Problem: Error, Sendable, Hashable {
  struct Item: Sendable, Hashable {
    var path: String
    var message: String
    /// Where in a JSON body, 1-based; nil for a query parameter.
    var line: Int? = nil
    var column: Int? = nil

    /// `1:25: size: expected a number, found a string`, as the CLI words a problem in a
    /// file, less the file.
    var text: String {
      var text = line.map { line in "\(line):" + (column.map { "\($0): " } ?? " ") } ?? ""
      if !path.isEmpty { text += path + ": " }
      return text + message
    }
  }

  var status: HTTPResponse.Status
  var detail: String
  /// Never empty: at least the request as a whole (see `init`).
  var errors: [Item]
  /// Extra response headers: `Allow` on a 405, `Retry-After` on a 503.
  var headers: HTTPFields

  /// A problem; without `errors`, one entry for the request as a whole: the empty path and
  /// `detail`.
  init(
    _ status: HTTPResponse.Status, _ detail: String, errors: [Item] = [],
    headers: HTTPFields = [:]
  ) {
    self.status = status
    self.detail = detail
    self.errors = errors.isEmpty ? [Item(path: "", message: detail)] : errors
    self.headers = headers
  }

  /// One bad parameter: "size: 9000 is out of range; allowed: 1...8192". An empty path (a
  /// name that cannot be read, a problem of the whole request) leaves the detail the message.
  static func badParameter(_ path: String, _ message: String) -> Problem {
    let item = Item(path: path, message: message)
    return Problem(.badRequest, item.text, errors: [item])
  }

  /// Something the request named is not here, shaped as a 400: the part of the request that
  /// named it (`preset`, or empty for the path) and the message, which is the detail.
  static func notFound(_ path: String, _ message: String) -> Problem {
    Problem(.notFound, message, errors: [Item(path: path, message: message)])
  }

  static func == (lhs: Problem, rhs: Problem) -> Bool {
    lhs.status == rhs.status && lhs.detail == rhs.detail && lhs.errors == rhs.errors
      && lhs.headers == rhs.headers
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(status.code)
    hasher.combine(detail)
    hasher.combine(errors)
  }

  /// `{"type":"about:blank","title":"Bad Request","status":400,"detail":"…","errors":[…]}`,
  /// keys always in this order so the body is byte-stable.
  var json: String {
    var text = "{\"type\":\"about:blank\",\"title\":" + JSONText.quoted(status.reasonPhrase)
    text += ",\"status\":\(status.code),\"detail\":" + JSONText.quoted(detail)
    let items = errors.map { item -> String in
      var text = "{\"path\":\(JSONText.quoted(item.path)),\"message\":"
      text += JSONText.quoted(item.message)
      if let line = item.line { text += ",\"line\":\(line)" }
      if let column = item.column { text += ",\"column\":\(column)" }
      return text + "}"
    }
    return text + ",\"errors\":[" + items.joined(separator: ",") + "]}\n"
  }

  var response: Response {
    var fields = HTTPFields()
    fields[.contentType] = "application/problem+json; charset=utf-8"
    // An error is about this request only; a CDN must not keep it for the next one.
    fields[.cacheControl] = "no-store"
    fields.append(contentsOf: headers)
    return Response(
      status: status, headers: fields, body: ResponseBody(byteBuffer: ByteBuffer(string: json)))
  }
}
