/// Where output goes: standard output, standard error, or a buffer in tests.
public protocol OutputSink: Sendable {
  func write(_ bytes: [UInt8])
}

extension OutputSink {
  func write(_ text: String) { write(Array(text.utf8)) }
}

/// Reading and writing files, so commands can be tested against a real or a fake disk.
public protocol FileAccess: Sendable {
  /// The file's bytes; fails if it is missing, unreadable, not a regular file, or larger than
  /// `limit` bytes. Never waits for a writer (a FIFO is refused at once).
  func read(_ path: String, limit: Int) throws(FileError) -> [UInt8]
  /// Writes the file whole or not at all: its name appears only once every byte is written.
  /// With `durable`, the data reaches the disk (fsync) before the name appears. Safe to call
  /// from several threads at once for different paths. Only a missing or regular file is
  /// replaced so (through a symbolic link, its target); a FIFO or character device is written
  /// in place, `/dev/stdout` and `/dev/stderr` are the process's own streams, and anything else
  /// is refused. With `regularOnly`, a link, FIFO or device is refused too: a batch's files
  /// are named by its lines, and something planted in the folder must neither redirect a
  /// write nor stall the job.
  func writeAtomically(_ bytes: [UInt8], to path: String, durable: Bool, regularOnly: Bool)
    throws(FileError)
  func fileExists(_ path: String) -> Bool
  /// Which file `path` names, following links; `nil` if none.
  func identity(of path: String) -> FileIdentity?
  /// Makes the folder and any missing parents, as `mkdir -p` does; fails if the path names
  /// something that is not a folder.
  func makeFolder(_ path: String) throws(FileError)
  /// The file as a stream, for inputs too large to read whole, and its size in bytes.
  func open(_ path: String) throws(FileError) -> (input: any InputSource, size: Int)
}

/// A file's device and inode: two paths name the same file when these are equal.
public struct FileIdentity: Sendable, Hashable {
  public var device: UInt64
  public var inode: UInt64

  public init(device: UInt64, inode: UInt64) {
    self.device = device
    self.inode = inode
  }
}

/// Standard input as it arrives.
public protocol InputSource: Sendable {
  /// Whether input (or its end) is ready within `milliseconds` (-1 waits for ever).
  func wait(milliseconds: Int32) -> Bool
  /// The next chunk of bytes; `nil` at the end of input.
  func read() -> [UInt8]?
}

/// A signal the live loop acts on.
public enum LiveSignal: Sendable, Equatable {
  case interrupt
  case terminate
  case resize
}

/// Signals, time and commands: what a live gauge needs of the system.
public protocol EventSource: Sendable {
  func blockSignals()
  func takeSignal() -> LiveSignal?
  /// Seconds on a monotonic clock.
  func now() -> Double
  func sleep(milliseconds: Int32)
  func terminalSize() -> (columns: Int, rows: Int)?
  func run(_ command: String) -> (output: String, status: Int32)?
}

extension FileAccess {
  /// Whole or not at all, and on the disk before it appears.
  func writeAtomically(_ bytes: [UInt8], to path: String) throws(FileError) {
    try writeAtomically(bytes, to: path, durable: true, regularOnly: false)
  }

  /// Links followed, FIFOs and devices written through.
  func writeAtomically(_ bytes: [UInt8], to path: String, durable: Bool) throws(FileError) {
    try writeAtomically(bytes, to: path, durable: durable, regularOnly: false)
  }
}

/// What a command may see of the world: its environment, its streams and the disk.
public struct CommandIO: Sendable {
  public var environment: [String: String]
  public var stdoutIsTerminal: Bool
  public var stderrIsTerminal: Bool
  /// The terminal's size in cells, when standard output is a terminal that reports one.
  public var terminalSize: (columns: Int, rows: Int)?
  public var output: any OutputSink
  public var errors: any OutputSink
  public var files: any FileAccess
  public var input: any InputSource
  public var events: any EventSource

  public init(
    environment: [String: String], stdoutIsTerminal: Bool, stderrIsTerminal: Bool,
    terminalSize: (columns: Int, rows: Int)?, output: any OutputSink, errors: any OutputSink,
    files: any FileAccess, input: any InputSource, events: any EventSource
  ) {
    self.environment = environment
    self.stdoutIsTerminal = stdoutIsTerminal
    self.stderrIsTerminal = stderrIsTerminal
    self.terminalSize = terminalSize
    self.output = output
    self.errors = errors
    self.files = files
    self.input = input
    self.events = events
  }

  /// Columns to wrap help text to: the terminal's, then `COLUMNS`, then 80.
  var helpWidth: Int {
    if let columns = terminalSize?.columns, columns >= 40 { return min(columns, 100) }
    if let text = environment["COLUMNS"], let columns = Int(text), columns >= 40 {
      return min(columns, 100)
    }
    return 80
  }
}
