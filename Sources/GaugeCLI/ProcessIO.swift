// The command line's files, streams, events and process, on the C library (`CLibrary.swift`).

/// A file descriptor to write to: standard output or standard error.
public struct StandardStream: OutputSink {
  public let descriptor: Int32

  public static let output = StandardStream(descriptor: 1)
  public static let error = StandardStream(descriptor: 2)

  /// Writes every byte, retrying partial writes and interruptions. A closed pipe ends the
  /// write silently (the reader has gone; SIGPIPE ends the process as usual).
  ///
  /// Standard output that cannot take the bytes for another reason (a full disk, an I/O
  /// error) ends the command at once with exit code 1, saying why on standard error: what
  /// it wrote would be cut short, and a caller must not take it for a whole image.
  public func write(_ bytes: [UInt8]) {
    guard let number = writeAll(bytes, to: descriptor), number != EPIPE, descriptor == 1 else {
      return
    }
    let reason = String(cString: strerror(number))
    _ = writeAll(Array("Error: cannot write to standard output: \(reason)\n".utf8), to: 2)
    ProcessFacts.exit(CLIError.failureExitCode)
  }
}

/// Writes every byte to `descriptor`, retrying partial writes and interruptions; returns the
/// error number when a write fails.
private func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Int32? {
  bytes.withUnsafeBytes { buffer in
    var offset = 0
    while offset < buffer.count {
      let written = CLibrary.write(
        descriptor, from: UnsafeRawBufferPointer(rebasing: buffer[offset...]))
      if written < 0 {
        if errno == EINTR { continue }
        return errno
      }
      offset += written
    }
    return nil
  }
}

/// The real disk.
public struct DiskFiles: FileAccess {
  /// Whether to write new files unnamed and name them when whole (Linux), rather than under
  /// a temporary name that is then renamed. Tests turn it off to check the portable way.
  let unnamedFiles: Bool

  public init() {
    self.init(unnamedFiles: true)
  }

  init(unnamedFiles: Bool) {
    self.unnamedFiles = unnamedFiles
  }

  public func fileExists(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0
  }

  public func makeFolder(_ path: String) throws(FileError) {
    // Each folder along the path, parents first; those that exist are left as they are.
    var end = path.startIndex
    while end < path.endIndex {
      end = path[path.index(after: end)...].firstIndex(of: "/") ?? path.endIndex
      if mkdir(String(path[..<end]), 0o755) != 0 && errno != EEXIST {
        throw FileError(path: path, reason: reason())
      }
    }
    var info = stat()
    guard stat(path, &info) == 0 else { throw FileError(path: path, reason: reason()) }
    guard (info.st_mode & S_IFMT) == S_IFDIR else {
      throw FileError(path: path, reason: "it is not a folder")
    }
  }

  public func open(_ path: String) throws(FileError) -> (input: any InputSource, size: Int) {
    // A batch input may be a pipe (`gauge batch <(make-lines)`), so only folders are refused.
    let descriptor = CLibrary.open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY)
    guard descriptor >= 0 else { throw FileError(path: path, reason: reason()) }
    var info = stat()
    guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) != S_IFDIR else {
      close(descriptor)
      throw FileError(path: path, reason: "it is a directory")
    }
    return (FileInput(descriptor: descriptor), Int(info.st_size))
  }

  /// Opens without blocking (a FIFO with no writer would wait for ever) and refuses anything
  /// but a regular file, which is all a preset or a chart can sensibly be.
  public func read(_ path: String, limit: Int) throws(FileError) -> [UInt8] {
    let descriptor = CLibrary.open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK)
    guard descriptor >= 0 else { throw FileError(path: path, reason: reason()) }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { throw FileError(path: path, reason: reason()) }
    switch info.st_mode & S_IFMT {
    case S_IFREG: break
    case S_IFDIR: throw FileError(path: path, reason: "it is a directory")
    default: throw FileError(path: path, reason: "it is not a regular file")
    }
    if Int(info.st_size) > limit {
      throw FileError(path: path, reason: "it is larger than \(limit) bytes")
    }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
      let count = chunk.withUnsafeMutableBytes { CLibrary.read(descriptor, into: $0) }
      if count < 0 {
        if errno == EINTR { continue }
        throw FileError(path: path, reason: reason())
      }
      if count == 0 { break }
      bytes.append(contentsOf: chunk[0..<count])
      if bytes.count > limit {
        throw FileError(path: path, reason: "it is larger than \(limit) bytes")
      }
    }
    return bytes
  }

  public func identity(of path: String) -> FileIdentity? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    return FileIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
  }

  public func writeAtomically(
    _ bytes: [UInt8], to path: String, durable: Bool, regularOnly: Bool
  ) throws(FileError) {
    guard !path.isEmpty, !path.hasSuffix("/") else {
      throw FileError(path: path, reason: "it names a directory")
    }
    let destination = try Self.destination(of: path)
    if regularOnly && destination != .file(path) {
      var info = stat()
      let link = lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK
      throw FileError(
        path: path, reason: link ? "it is a symbolic link" : "it is not a regular file")
    }
    switch destination {
    case .stream(let descriptor):
      if let number = writeAll(bytes, to: descriptor) { throw Self.failure(path, number) }
    case .device:
      try Self.writeThrough(bytes, to: path)
    case .file(let target):
      try replace(with: bytes, at: target, durable: durable)
    }
  }

  /// How a write reaches what `path` names now.
  enum Destination: Equatable {
    /// Standard output or error, written as the shell set them up (appending, a pipe...).
    case stream(Int32)
    /// A FIFO or a character device: written in place, since renaming over it would replace
    /// the device node or leave the FIFO's reader with nothing.
    case device
    /// A regular file or no file: replaced whole. A symbolic link's target is replaced, so
    /// the link stays.
    case file(String)
  }

  static func destination(of path: String) throws(FileError) -> Destination {
    switch path {
    case "/dev/stdout", "/dev/fd/1", "/proc/self/fd/1": return .stream(1)
    case "/dev/stderr", "/dev/fd/2", "/proc/self/fd/2": return .stream(2)
    case "/dev/stdin", "/dev/fd/0", "/proc/self/fd/0":
      throw FileError(path: path, reason: "it is standard input")
    default: break
    }
    var info = stat()
    guard lstat(path, &info) == 0 else {
      if errno == ENOENT { return .file(path) }
      throw failure(path, errno)
    }
    if (info.st_mode & S_IFMT) == S_IFLNK {
      guard stat(path, &info) == 0 else {
        throw FileError(path: path, reason: "it is a symbolic link to nothing")
      }
      if (info.st_mode & S_IFMT) == S_IFREG {
        guard let resolved = realpath(path, nil) else { throw failure(path, errno) }
        defer { free(resolved) }
        return .file(String(cString: resolved))
      }
    }
    switch info.st_mode & S_IFMT {
    case S_IFREG: return .file(path)
    case S_IFIFO, S_IFCHR: return .device
    case S_IFDIR: throw failure(path, EISDIR)
    default:
      throw FileError(
        path: path, reason: "it is not a regular file, a FIFO or a character device")
    }
  }

  private static func writeThrough(_ bytes: [UInt8], to path: String) throws(FileError) {
    let descriptor = CLibrary.open(path, O_WRONLY | O_CLOEXEC | O_NOCTTY)
    guard descriptor >= 0 else { throw failure(path, errno) }
    var number = writeAll(bytes, to: descriptor)
    if close(descriptor) != 0 && number == nil && errno != EINTR { number = errno }
    if let number { throw failure(path, number) }
  }

  /// Writes a new regular file at `path` and only then gives it the name.
  private func replace(with bytes: [UInt8], at path: String, durable: Bool) throws(FileError) {
    let slash = path.lastIndex(of: "/")
    let directory = slash.map { String(path[...$0]) } ?? ""
    let base = slash.map { String(path[path.index(after: $0)...]) } ?? path
    #if os(Linux) && (arch(x86_64) || arch(arm64))
      if unnamedFiles,
        try writeUnnamed(bytes, to: path, directory: directory, base: base, durable: durable)
      {
        return
      }
    #endif
    var attempt = 0
    var temporary: String
    var descriptor: Int32
    // A unique temporary name beside the target, so the rename stays on one file system.
    repeat {
      temporary = Self.temporaryName(directory: directory, base: base, attempt: attempt)
      descriptor = CLibrary.open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode: 0o644)
      attempt += 1
    } while descriptor < 0 && errno == EEXIST && attempt < 100
    guard descriptor >= 0 else { throw Self.failure(path, errno) }
    var failure = writeAll(bytes, to: descriptor)
    if durable && failure == nil && fsync(descriptor) != 0 { failure = errno }
    if close(descriptor) != 0 && failure == nil { failure = errno }
    if failure == nil && rename(temporary, path) != 0 { failure = errno }
    if let failure {
      unlink(temporary)
      throw Self.failure(path, failure)
    }
  }

  /// The error for `path` from the error number `number`.
  private static func failure(_ path: String, _ number: Int32) -> FileError {
    FileError(
      path: path, reason: String(cString: strerror(number)),
      affectsEveryFile: [ENOSPC, EDQUOT, EROFS, EIO].contains(number))
  }

  private static func temporaryName(directory: String, base: String, attempt: Int) -> String {
    "\(directory).\(base).\(getpid()).\(attempt).tmp"
  }

  #if os(Linux) && (arch(x86_64) || arch(arm64))
    /// `O_TMPFILE` (with `O_DIRECTORY`, as the C library defines it), which Swift's Glibc
    /// module leaves out. Its value is the same on x86-64 and ARM64.
    private static let unnamedFileFlags: Int32 = 0o2000_0000 | O_DIRECTORY

    /// Writes an unnamed file in the target's folder and names it once it is whole. That adds
    /// one entry to the folder, where a temporary name and a rename add two and remove one, so
    /// a batch into a new folder on ext4 is faster. Returns false, having named nothing, where
    /// the file system has no unnamed files or `/proc` is missing; the caller then falls back
    /// to a temporary name.
    func writeUnnamed(
      _ bytes: [UInt8], to path: String, directory: String, base: String, durable: Bool
    ) throws(FileError) -> Bool {
      let descriptor = CLibrary.open(
        directory.isEmpty ? "." : directory, Self.unnamedFileFlags | O_WRONLY | O_CLOEXEC,
        mode: 0o644)
      guard descriptor >= 0 else { return false }
      // Until it is named, the file vanishes when closed.
      defer { close(descriptor) }
      if let number = writeAll(bytes, to: descriptor) { throw Self.failure(path, number) }
      if durable && fsync(descriptor) != 0 { throw Self.failure(path, errno) }
      let unnamed = "/proc/self/fd/\(descriptor)"
      if linkat(AT_FDCWD, unnamed, AT_FDCWD, path, AT_SYMLINK_FOLLOW) == 0 { return true }
      guard errno == EEXIST else { return false }
      // The name is taken: name the file beside it, then rename it over the old one.
      var attempt = 0
      while attempt < 100 {
        let temporary = Self.temporaryName(directory: directory, base: base, attempt: attempt)
        if linkat(AT_FDCWD, unnamed, AT_FDCWD, temporary, AT_SYMLINK_FOLLOW) == 0 {
          guard rename(temporary, path) == 0 else {
            let number = errno
            unlink(temporary)
            throw Self.failure(path, number)
          }
          return true
        }
        guard errno == EEXIST else { break }
        attempt += 1
      }
      throw Self.failure(path, errno)
    }
  #endif

  private func reason() -> String {
    String(cString: strerror(errno))
  }
}

/// A file read in chunks; closed when the last reference goes.
final class FileInput: InputSource {
  let descriptor: Int32

  init(descriptor: Int32) {
    self.descriptor = descriptor
  }

  deinit {
    close(descriptor)
  }

  func wait(milliseconds: Int32) -> Bool { true }

  func read() -> [UInt8]? {
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = chunk.withUnsafeMutableBytes { CLibrary.read(descriptor, into: $0) }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { return nil }
      return Array(chunk[0..<count])
    }
  }
}

/// Standard input, read in chunks as it arrives.
public struct StandardInput: InputSource {
  public init() {}

  public func wait(milliseconds: Int32) -> Bool {
    var descriptor = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
    return poll(&descriptor, 1, milliseconds) > 0
  }

  public func read() -> [UInt8]? {
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = chunk.withUnsafeMutableBytes { CLibrary.read(0, into: $0) }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { return nil }
      return Array(chunk[0..<count])
    }
  }
}

/// The process's signals and clock, for live drawing.
public struct SignalEvents: EventSource {
  public init() {}

  /// Blocks SIGINT, SIGTERM and SIGWINCH so they wait for `takeSignal` instead of ending the
  /// process mid-frame: the live loop restores the cursor before it exits.
  public func blockSignals() {
    var set = sigset_t()
    sigemptyset(&set)
    for signal in [SIGINT, SIGTERM, SIGWINCH] { sigaddset(&set, signal) }
    sigprocmask(SIG_BLOCK, &set, nil)
  }

  public func takeSignal() -> LiveSignal? {
    var set = sigset_t()
    sigemptyset(&set)
    for signal in [SIGINT, SIGTERM, SIGWINCH] { sigaddset(&set, signal) }
    switch CLibrary.takePendingSignal(among: set) {
    case SIGINT: return .interrupt
    case SIGTERM: return .terminate
    case SIGWINCH: return .resize
    default: return nil
    }
  }

  public func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }

  public func sleep(milliseconds: Int32) {
    var request = timespec(
      tv_sec: Int(milliseconds / 1000), tv_nsec: Int(milliseconds % 1000) * 1_000_000)
    var remaining = timespec()
    while nanosleep(&request, &remaining) != 0 && errno == EINTR { request = remaining }
  }

  public func terminalSize() -> (columns: Int, rows: Int)? {
    ProcessFacts.terminalSize(1)
  }

  /// Runs `command` with /bin/sh and returns what it printed, or nil if it could not start.
  public func run(_ command: String) -> (output: String, status: Int32)? {
    guard let pipe = popen(command, "r") else { return nil }
    var output: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = buffer.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, pipe) }
      if count == 0 { break }
      output.append(contentsOf: buffer[0..<count])
      if output.count > 1 << 20 { break }
    }
    let status = pclose(pipe)
    return (String(decoding: output, as: UTF8.self), status)
  }
}

/// Facts about the process the command line runs in.
public enum ProcessFacts {
  /// The environment variables.
  public static func environment() -> [String: String] {
    var variables: [String: String] = [:]
    var pointer = CLibrary.environment
    while let entry = pointer.pointee {
      let text = String(cString: entry)
      if let equals = text.firstIndex(of: "=") {
        variables[String(text[..<equals])] = String(text[text.index(after: equals)...])
      }
      pointer += 1
    }
    return variables
  }

  /// The processors online: what `gauge batch` runs on unless `--jobs` says otherwise; 1 if
  /// the system does not say.
  public static func coreCount() -> Int {
    max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN)))
  }

  public static func isTerminal(_ descriptor: Int32) -> Bool {
    isatty(descriptor) == 1
  }

  /// The terminal's size in cells, if `descriptor` is a terminal that reports one.
  public static func terminalSize(_ descriptor: Int32) -> (columns: Int, rows: Int)? {
    var size = winsize()
    guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else {
      return nil
    }
    return (Int(size.ws_col), Int(size.ws_row))
  }

  /// Asks the allocator to keep up to `bytes` of freed memory instead of returning it to the
  /// system at once: a batch job frees and reallocates the same megabytes every chunk, and
  /// faulting them back in cost more system time than the rendering itself.
  ///
  /// Setting the trim threshold turns off glibc's sliding mmap threshold, which would leave
  /// every buffer over 128 KiB (a PNG's canvas and rows) mapped and unmapped for each image,
  /// so buffers up to `bytes` are taken from the heap too.
  public static func keepFreedMemory(upTo bytes: Int32) {
    CLibrary.keepFreedMemory(upTo: bytes)
  }

  /// A context for the real process.
  public static func context() -> CommandIO {
    CommandIO(
      environment: environment(), stdoutIsTerminal: isTerminal(1), stderrIsTerminal: isTerminal(2),
      terminalSize: terminalSize(1), output: StandardStream.output, errors: StandardStream.error,
      files: DiskFiles(), input: StandardInput(), events: SignalEvents())
  }

  /// Ends the process with `code`.
  public static func exit(_ code: Int32) -> Never {
    CLibrary.exit(code)
  }
}
