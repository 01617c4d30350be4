// What the dashboard needs of the C library beyond ProcessIO.swift: child processes that a
// timeout can end (with the signals a live view blocks set back for them), the keyboard in
// raw mode, and the wall-clock time for the header.

/// A command run with /bin/sh in its own process group, polled without blocking a thread.
enum ChildProcess {
  struct Result: Sendable {
    var output: [UInt8]
    var errors: [UInt8]
    /// The exit status; 128 + N when a signal ended it.
    var status: Int32
    /// The signal that ended it, if one did.
    var signal: Int32?
  }

  /// The most output kept from each stream, in bytes.
  static let maximumOutput = 1 << 20

  /// Runs `command`, giving it `environment` on top of this process's. A command still
  /// running after `timeout` seconds is killed with its whole process group.
  static func run(_ command: String, timeout: Double, environment: [String: String] = [:])
    async throws(SourceFault) -> Result
  {
    var outPipe: [Int32] = [-1, -1]
    var errPipe: [Int32] = [-1, -1]
    guard makePipe(&outPipe) else { throw SourceFault(reason()) }
    guard makePipe(&errPipe) else {
      close(outPipe[0])
      close(outPipe[1])
      throw SourceFault(reason())
    }
    let spawned = spawn(command, stdout: outPipe[1], stderr: errPipe[1], environment: environment)
    close(outPipe[1])
    close(errPipe[1])
    guard case .success(let pid) = spawned else {
      close(outPipe[0])
      close(errPipe[0])
      if case .failure(let fault) = spawned { throw fault }
      throw SourceFault("cannot start /bin/sh")
    }
    for descriptor in [outPipe[0], errPipe[0]] {
      _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
    }
    defer {
      close(outPipe[0])
      close(errPipe[0])
    }
    let deadline = monotonicNow() + timeout
    var output: [UInt8] = []
    var errors: [UInt8] = []
    var open = (out: true, err: true)
    var status: Int32 = 0
    var exited = false
    // Polled every 5 to 50 ms: a quick command costs one or two polls.
    var pause: UInt64 = 5_000_000
    while true {
      if open.out { open.out = drain(outPipe[0], into: &output) }
      if open.err { open.err = drain(errPipe[0], into: &errors) }
      if !exited {
        let done = waitpid(pid, &status, WNOHANG)
        exited = done == pid || (done < 0 && errno != EINTR)
        // What it wrote just before it ended.
        if exited && open.out { open.out = drain(outPipe[0], into: &output) }
        if exited && open.err { open.err = drain(errPipe[0], into: &errors) }
      }
      if exited && !open.out && !open.err { break }
      // A command that exits but leaves a child holding its output is done too.
      if exited && pause >= 50_000_000 { break }
      if monotonicNow() >= deadline || Task.isCancelled {
        kill(-pid, SIGKILL)
        kill(pid, SIGKILL)
        if !exited { while waitpid(pid, &status, 0) < 0 && errno == EINTR {} }
        throw SourceFault("timed out after \(formatSeconds(timeout)) s")
      }
      try? await Task.sleep(nanoseconds: pause)
      pause = Swift.min(pause * 2, 50_000_000)
    }
    let signal = status & 0x7F
    return Result(
      output: output, errors: errors,
      status: signal == 0 ? (status >> 8) & 0xFF : 128 + signal,
      signal: signal == 0 ? nil : signal)
  }

  /// Starts a command and forgets it: reaped in the background, killed after `timeout`.
  static func launch(_ command: String, environment: [String: String], timeout: Double) {
    Task.detached {
      _ = try? await run(command, timeout: timeout, environment: environment)
    }
  }

  /// Reads what is there; false once the stream has ended.
  private static func drain(_ descriptor: Int32, into bytes: inout [UInt8]) -> Bool {
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = chunk.withUnsafeMutableBytes { CLibrary.read(descriptor, into: $0) }
      if count > 0 {
        if bytes.count < maximumOutput { bytes.append(contentsOf: chunk[0..<count]) }
        continue
      }
      if count == 0 { return false }
      if errno == EINTR { continue }
      return errno == EAGAIN || errno == EWOULDBLOCK
    }
  }

  private static func spawn(
    _ command: String, stdout: Int32, stderr: Int32, environment: [String: String]
  ) -> Swift.Result<pid_t, SourceFault> {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_adddup2(&actions, stdout, 1)
    posix_spawn_file_actions_adddup2(&actions, stderr, 2)
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    // Its own group, so a timeout ends what it started too; and the signals the live view
    // blocks are the child's to take again.
    posix_spawnattr_setflags(
      &attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    posix_spawnattr_setpgroup(&attributes, 0)
    var none = sigset_t()
    sigemptyset(&none)
    posix_spawnattr_setsigmask(&attributes, &none)
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for signal in [SIGINT, SIGTERM, SIGWINCH, SIGPIPE] { sigaddset(&defaults, signal) }
    posix_spawnattr_setsigdefault(&attributes, &defaults)

    var variables = ProcessFacts.environment()
    for (key, value) in environment { variables[key] = value }
    let arguments = ["/bin/sh", "-c", command].map { (text: String) in strdup(text) }
    let pairs = variables.sorted { $0.key < $1.key }.map { (key: String, value: String) in
      strdup("\(key)=\(value)")
    }
    defer {
      for pointer in arguments + pairs { free(pointer) }
    }
    var pid = pid_t()
    let result = posix_spawn(
      &pid, "/bin/sh", &actions, &attributes, arguments + [nil], pairs + [nil])
    guard result == 0 else { return .failure(SourceFault(String(cString: strerror(result)))) }
    return .success(pid)
  }

  /// A pipe whose ends close when a command starts (the command gets its own copies).
  private static func makePipe(_ ends: inout [Int32]) -> Bool {
    guard pipe(&ends) == 0 else { return false }
    for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    return true
  }

  private static func reason() -> String { String(cString: strerror(errno)) }
}

/// Seconds on the monotonic clock.
func monotonicNow() -> Double {
  var time = timespec()
  clock_gettime(CLOCK_MONOTONIC, &time)
  return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

/// `5`, `0.5`: seconds as people write them.
func formatSeconds(_ seconds: Double) -> String {
  seconds == seconds.rounded() && abs(seconds) < 1e9
    ? String(Int(seconds)) : String(Double(Int(seconds * 10)) / 10)
}

/// The local time of day, `14:03:27`.
func clockText() -> String {
  var now = time(nil)
  var parts = tm()
  localtime_r(&now, &parts)
  func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
  return "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))"
}

/// The controlling terminal's keyboard, one key at a time without echo (Ctrl-C stays a
/// signal), read without waiting. `restore` gives the terminal back as it was.
final class TerminalKeyboard {
  private let descriptor: Int32
  private var saved = termios()
  private var raw = false
  private var pending: [UInt8] = []

  /// `nil` when there is no controlling terminal.
  init?() {
    descriptor = open("/dev/tty", O_RDONLY | O_NOCTTY | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    guard tcgetattr(descriptor, &saved) == 0 else {
      close(descriptor)
      return nil
    }
    var settings = saved
    settings.c_lflag &= ~tcflag_t(ICANON | ECHO)
    withUnsafeMutableBytes(of: &settings.c_cc) { cc in
      cc[Int(VMIN)] = 0
      cc[Int(VTIME)] = 0
    }
    raw = tcsetattr(descriptor, TCSANOW, &settings) == 0
  }

  deinit {
    restore()
    close(descriptor)
  }

  /// Puts the terminal back as it was found.
  func restore() {
    guard raw else { return }
    tcsetattr(descriptor, TCSANOW, &saved)
    raw = false
  }

  /// Whether a key is waiting, waiting up to `milliseconds` for one.
  func wait(milliseconds: Int32) -> Bool {
    guard pending.isEmpty else { return true }
    var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
    return poll(&entry, 1, milliseconds) > 0
  }

  /// The keys typed since the last call.
  func keys() -> [DashboardKey] {
    var chunk = [UInt8](repeating: 0, count: 256)
    while true {
      let count = chunk.withUnsafeMutableBytes { CLibrary.read(descriptor, into: $0) }
      if count > 0 {
        pending.append(contentsOf: chunk[0..<count])
        continue
      }
      if count < 0 && errno == EINTR { continue }
      break
    }
    let (keys, rest) = DashboardKey.parse(pending)
    pending = rest
    return keys
  }
}
