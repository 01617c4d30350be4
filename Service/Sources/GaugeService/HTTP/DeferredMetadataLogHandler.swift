import Logging

/// swift-log's `StreamLogHandler`, with the metadata kept here and formatted only for a line
/// actually logged.
///
/// `StreamLogHandler` formats its metadata again at every change, and every request changes
/// it (Hummingbird adds `hb.request.id`, `AccessMiddleware` may replace it) whether or not a
/// line is logged: at `LOG_LEVEL=warning` that is work for nothing, and at `info` work done
/// twice, since a line with metadata of its own is formatted afresh anyway. Here the stream
/// handler holds no metadata and no provider; each line hands it, as the line's own, what it
/// would have merged itself, in its order (the handler's metadata, then the provider's, then
/// the line's, each over the one before), so every line is byte for byte the one it writes
/// alone.
package struct DeferredMetadataLogHandler: LogHandler {
  private var stream: StreamLogHandler
  package var metadata: Logger.Metadata
  package var metadataProvider: Logger.MetadataProvider?

  /// Takes over `stream`'s metadata and metadata provider.
  package init(_ stream: StreamLogHandler) {
    metadata = stream.metadata
    metadataProvider = stream.metadataProvider
    self.stream = stream
    self.stream.metadata = [:]
    self.stream.metadataProvider = nil
  }

  package var logLevel: Logger.Level {
    get { stream.logLevel }
    set { stream.logLevel = newValue }
  }

  package subscript(metadataKey key: String) -> Logger.Metadata.Value? {
    get { metadata[key] }
    set { metadata[key] = newValue }
  }

  package func log(event: LogEvent) {
    var merged = metadata
    if let provided = metadataProvider?.get(), !provided.isEmpty {
      merged.merge(provided) { _, provided in provided }
    }
    if let explicit = event.metadata, !explicit.isEmpty {
      merged.merge(explicit) { _, explicit in explicit }
    }
    var event = event
    event.metadata = merged
    stream.log(event: event)
  }
}
