import Foundation
import GaugeCLI
import Synchronization

/// Collects what a command writes.
final class Capture: OutputSink {
  private let storage = Mutex<[UInt8]>([])

  func write(_ bytes: [UInt8]) {
    storage.withLock { $0.append(contentsOf: bytes) }
  }

  var text: String { storage.withLock { String(decoding: $0, as: UTF8.self) } }
  var bytes: [UInt8] { storage.withLock { $0 } }
}

/// One run of `gauge` in process.
struct Run {
  var code: Int32
  var output: String
  var errors: String
  /// What was written to standard output, as bytes (a PNG is not text).
  var outputBytes: [UInt8] = []
}

func gauge(_ arguments: String..., environment: [String: String] = [:], width: Int? = nil) -> Run {
  gauge(arguments, environment: environment, width: width)
}

/// Standard input with fixed contents, all available at once.
final class FixedInput: InputSource {
  let bytes: [UInt8]?
  let consumed = Mutex(false)

  init(_ text: String?) {
    bytes = text.map { Array($0.utf8) }
  }

  func wait(milliseconds: Int32) -> Bool { true }

  func read() -> [UInt8]? {
    consumed.withLock { done in
      defer { done = true }
      return done ? nil : bytes
    }
  }
}

/// No signals, a clock that advances one frame per reading (so animations end), and a
/// terminal of `size`, or none.
final class QuietEvents: EventSource {
  let clock = Mutex(0.0)
  let size: (columns: Int, rows: Int)?

  init(size: (columns: Int, rows: Int)? = nil) {
    self.size = size
  }

  func blockSignals() {}
  func takeSignal() -> LiveSignal? { nil }
  func now() -> Double {
    clock.withLock {
      $0 += 0.016
      return $0
    }
  }
  func sleep(milliseconds: Int32) {}
  func terminalSize() -> (columns: Int, rows: Int)? { size }
  func run(_ command: String) -> (output: String, status: Int32)? { ("42\n", 0) }
}

func gauge(
  _ arguments: [String], environment: [String: String] = [:], width: Int? = nil,
  input: String? = nil, files: any FileAccess = DiskFiles()
) -> Run {
  let output = Capture()
  let errors = Capture()
  let context = CommandIO(
    environment: environment, stdoutIsTerminal: false, stderrIsTerminal: false,
    terminalSize: width.map { ($0, 40) }, output: output, errors: errors, files: files,
    input: FixedInput(input), events: QuietEvents())
  let code = GaugeCommand.run(arguments, context: context)
  return Run(code: code, output: output.text, errors: errors.text, outputBytes: output.bytes)
}

/// The repository's root, found from this file's path.
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  .deletingLastPathComponent().deletingLastPathComponent()

/// A fresh temporary folder for one test.
func temporaryFolder() throws -> URL {
  let url = FileManager.default.temporaryDirectory.appendingPathComponent(
    "gauge-tests-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  return url
}

/// Runs the built `gauge` binary, as a user would; `standardOutput`: a file its standard
/// output goes to instead of the returned `output` (such as `/dev/full`).
func runBinary(_ arguments: [String], stdin: String? = nil, standardOutput: String? = nil)
  throws -> Run
{
  let binary = try builtBinary()
  let process = Process()
  process.executableURL = binary
  process.arguments = arguments
  let out = Pipe()
  let err = Pipe()
  let input = Pipe()
  if let standardOutput {
    struct Unopened: Error {}
    guard let file = FileHandle(forWritingAtPath: standardOutput) else { throw Unopened() }
    process.standardOutput = file
    try out.fileHandleForWriting.close()
  } else {
    process.standardOutput = out
  }
  process.standardError = err
  process.standardInput = input
  try process.run()
  if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
  try input.fileHandleForWriting.close()
  let outData = out.fileHandleForReading.readDataToEndOfFile()
  let errData = err.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  return Run(
    code: process.terminationStatus, output: String(decoding: outData, as: UTF8.self),
    errors: String(decoding: errData, as: UTF8.self))
}

/// The `gauge` executable beside the test bundle in the build folder.
func builtBinary() throws -> URL {
  var folder = Bundle.main.bundleURL
  for _ in 0..<4 {
    let candidate = folder.appendingPathComponent("gauge")
    if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
    folder.deleteLastPathComponent()
  }
  struct Missing: Error {}
  throw Missing()
}
