import GaugeCLI
import Synchronization

/// A context for running commands on fuzzed input: no file can be read or written, standard
/// input is the input, the clock moves one frame per reading, and output is kept.
public final class Captured: OutputSink {
  private let storage = Mutex<[UInt8]>([])

  public init() {}

  public func write(_ bytes: [UInt8]) {
    storage.withLock { $0.append(contentsOf: bytes.prefix(1 << 22)) }
  }

  public var text: String { storage.withLock { String(decoding: $0, as: UTF8.self) } }
}

/// A disk that refuses everything, so a fuzzed path can never touch the real one.
public struct SealedFiles: FileAccess {
  public init() {}

  public func read(_ path: String, limit: Int) throws(FileError) -> [UInt8] {
    throw FileError(path: path, reason: "sealed")
  }
  public func writeAtomically(
    _ bytes: [UInt8], to path: String, durable: Bool, regularOnly: Bool
  ) throws(FileError) {
    throw FileError(path: path, reason: "sealed")
  }
  public func fileExists(_ path: String) -> Bool { false }
  public func identity(of path: String) -> FileIdentity? { nil }
  public func makeFolder(_ path: String) throws(FileError) {
    throw FileError(path: path, reason: "sealed")
  }
  public func open(_ path: String) throws(FileError) -> (input: any InputSource, size: Int) {
    throw FileError(path: path, reason: "sealed")
  }
}

/// Standard input holding fixed bytes, handed out in small reads so lines cross reads.
public final class FixedStream: InputSource {
  private let remaining: Mutex<ArraySlice<UInt8>>

  public init(_ bytes: [UInt8]) {
    remaining = Mutex(bytes[...])
  }

  public func wait(milliseconds: Int32) -> Bool { true }

  public func read() -> [UInt8]? {
    remaining.withLock { rest in
      guard !rest.isEmpty else { return nil }
      let chunk = Array(rest.prefix(7))
      rest = rest.dropFirst(7)
      return chunk
    }
  }
}

/// No signals; a clock that moves one frame per reading, so every animation ends.
public final class SteppingEvents: EventSource {
  private let clock = Mutex(0.0)

  public init() {}

  public func blockSignals() {}
  public func takeSignal() -> LiveSignal? { nil }
  public func now() -> Double {
    clock.withLock {
      $0 += 0.05
      return $0
    }
  }
  public func sleep(milliseconds: Int32) {}
  public func terminalSize() -> (columns: Int, rows: Int)? { (80, 24) }
  public func run(_ command: String) -> (output: String, status: Int32)? { ("42\n", 0) }
}

/// Runs `gauge` with `arguments` on `input`; returns the exit code, output and errors.
public func runSealed(_ arguments: [String], input: [UInt8]) -> (
  code: Int32, output: String, errors: String
) {
  let output = Captured()
  let errors = Captured()
  let context = CommandIO(
    environment: [:], stdoutIsTerminal: false, stderrIsTerminal: false, terminalSize: nil,
    output: output, errors: errors, files: SealedFiles(), input: FixedStream(input),
    events: SteppingEvents())
  let code = GaugeCommand.run(arguments, context: context)
  return (code, output.text, errors.text)
}
