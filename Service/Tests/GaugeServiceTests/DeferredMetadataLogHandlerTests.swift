import Logging
import Synchronization
import Testing

@testable import GaugeService

@Suite("DeferredMetadataLogHandler: StreamLogHandler's lines, metadata formatted when logged")
struct DeferredMetadataLogHandlerTests {
  /// The lines a handler writes, without their timestamps (to the second, so two handlers'
  /// lines may straddle one).
  final class Lines: TextOutputStream, Sendable {
    private let lines = Mutex<[String]>([])

    func write(_ string: String) {
      let untimed = string.drop { $0 != " " }
      lines.withLock { $0.append(String(untimed)) }
    }

    var all: [String] { lines.withLock { $0 } }
  }

  /// One way a line may come to be: metadata set on the handler (`base`), a provider's,
  /// the line's own, an error.
  struct Case: Sendable, CustomTestStringConvertible {
    var base: Logger.Metadata = [:]
    var provided: Logger.Metadata?
    var explicit: Logger.Metadata?
    var error: Bool = false
    var testDescription: String { "\(base) \(provided ?? [:]) \(explicit ?? [:]) \(error)" }
  }

  struct Failure: Error, CustomStringConvertible {
    var description: String { "it failed" }
  }

  @Test(
    "every line is byte for byte the stream handler's own",
    arguments: [
      Case(),
      Case(base: ["hb.request.id": "abc"]),
      Case(explicit: ["http.status": "200"]),
      Case(base: ["a": "base", "b": "base"], explicit: ["b": "line", "c": "line"]),
      Case(base: ["a": "base", "b": "base"], provided: ["b": "provided", "c": "provided"]),
      Case(
        base: ["a": "base", "b": "base", "c": "base"],
        provided: ["b": "provided", "c": "provided"], explicit: ["c": "line", "d": "line"]),
      Case(provided: [:], explicit: [:]),
      Case(base: ["a": ["nested": "dictionary"], "b": ["x", "y"]], error: true),
      Case(explicit: ["error.message": "mine"], error: true),
    ])
  func sameLines(test: Case) {
    let plainLines = Lines()
    let deferredLines = Lines()
    let provider = test.provided.map { provided in Logger.MetadataProvider { provided } }
    var plain = StreamLogHandler(label: "test", stream: plainLines, metadataProvider: provider)
    var deferred = DeferredMetadataLogHandler(
      StreamLogHandler(label: "test", stream: deferredLines, metadataProvider: provider))
    for (key, value) in test.base {
      plain[metadataKey: key] = value
      deferred[metadataKey: key] = value
    }
    #expect(deferred.metadata == plain.metadata)
    let event = LogEvent(
      level: .info, message: "GET /healthz 200 16 0.512ms", error: test.error ? Failure() : nil,
      metadata: test.explicit, source: "GaugeService", file: #fileID, function: #function,
      line: #line)
    plain.log(event: event)
    deferred.log(event: event)
    #expect(plainLines.all.count == 1)
    #expect(deferredLines.all == plainLines.all)
  }

  @Test("through a Logger: levels, metadata set and replaced, a handler's metadata taken over")
  func throughLogger() {
    let plainLines = Lines()
    let deferredLines = Lines()
    var given = StreamLogHandler(label: "test", stream: deferredLines, metadataProvider: nil)
    given.metadata = ["kept": "yes"]
    var plain = Logger(label: "test") { label in
      var handler = StreamLogHandler(label: label, stream: plainLines, metadataProvider: nil)
      handler.metadata = ["kept": "yes"]
      return handler
    }
    var deferred = Logger(label: "test") { _ in DeferredMetadataLogHandler(given) }
    plain.logLevel = .warning
    deferred.logLevel = .warning
    #expect(deferred.logLevel == .warning)
    for index in 0..<3 {
      plain[metadataKey: "hb.request.id"] = "\(index)"
      deferred[metadataKey: "hb.request.id"] = "\(index)"
      plain.info("not logged", metadata: ["n": "\(index)"])
      deferred.info("not logged", metadata: ["n": "\(index)"])
      plain.warning("logged", metadata: ["n": "\(index)"])
      deferred.warning("logged", metadata: ["n": "\(index)"])
      plain.error("no metadata of its own")
      deferred.error("no metadata of its own")
    }
    plain[metadataKey: "hb.request.id"] = nil
    deferred[metadataKey: "hb.request.id"] = nil
    plain.critical("removed")
    deferred.critical("removed")
    #expect(plainLines.all.count == 7)
    #expect(deferredLines.all == plainLines.all)
  }
}
