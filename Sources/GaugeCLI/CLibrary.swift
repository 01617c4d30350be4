// The command line's one door to the C library. The import below is exported so that the
// other files of the module see the C library's declarations without importing it, each with
// its own branch per platform; what differs between Glibc, Musl and Darwin, and the calls
// whose names the command line's own types also use, are here and nowhere else.
#if canImport(Glibc)
  @_exported @preconcurrency import Glibc
#elseif canImport(Musl)
  @_exported @preconcurrency import Musl
#elseif canImport(Darwin)
  @_exported @preconcurrency import Darwin
#endif

/// The C library's calls the command line makes under a name of its own: `open`, `read`,
/// `write` and `exit` are also methods of the command line's types, where the C function
/// could only be reached by its module's name, which differs by platform; and the calls that
/// differ by platform.
enum CLibrary {
  /// `open(2)`; the descriptor, or -1 with `errno` set.
  static func open(_ path: String, _ flags: Int32, mode: mode_t = 0) -> Int32 {
    openFile(path, flags, mode)
  }

  /// `read(2)` into `buffer`; the bytes read, 0 at the end, or -1 with `errno` set.
  static func read(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Int {
    readFile(descriptor, buffer.baseAddress, buffer.count)
  }

  /// `write(2)` from `buffer`; the bytes written, or -1 with `errno` set.
  static func write(_ descriptor: Int32, from buffer: UnsafeRawBufferPointer) -> Int {
    writeFile(descriptor, buffer.baseAddress, buffer.count)
  }

  /// Ends the process with `code`, as `exit(3)` does.
  static func exit(_ code: Int32) -> Never {
    exitProcess(code)
  }

  /// The process's environment as the C library keeps it: `NAME=value` strings up to a null.
  static var environment: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> {
    #if canImport(Darwin)
      _NSGetEnviron().pointee!
    #else
      environ
    #endif
  }

  /// Takes one of the blocked signals in `set` that is pending, without waiting; nil when
  /// none is.
  static func takePendingSignal(among set: sigset_t) -> Int32? {
    var set = set
    #if canImport(Darwin)
      // Darwin has no sigtimedwait: look at what is pending, then take that one.
      var pending = sigset_t()
      guard sigpending(&pending) == 0 else { return nil }
      for signal in [SIGINT, SIGTERM, SIGWINCH, SIGHUP, SIGQUIT]
      where sigismember(&set, signal) == 1 && sigismember(&pending, signal) == 1 {
        var one = sigset_t()
        sigemptyset(&one)
        sigaddset(&one, signal)
        var taken: Int32 = 0
        return sigwait(&one, &taken) == 0 ? taken : nil
      }
      return nil
    #else
      var zero = timespec(tv_sec: 0, tv_nsec: 0)
      var info = siginfo_t()
      let signal = sigtimedwait(&set, &info, &zero)
      return signal > 0 ? signal : nil
    #endif
  }

  /// Asks glibc's allocator to keep up to `bytes` of freed memory (`mallopt`'s trim and mmap
  /// thresholds); other C libraries have no such knob, and this does nothing there.
  static func keepFreedMemory(upTo bytes: Int32) {
    #if canImport(Glibc)
      // M_TRIM_THRESHOLD and M_MMAP_THRESHOLD in glibc's <malloc.h>.
      _ = glibcMallopt(-1, bytes)
      _ = glibcMallopt(-3, bytes)
    #endif
  }
}

// Outside any type, these names reach the C library's own functions.
private func openFile(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 {
  open(path, flags, mode)
}

private func readFile(_ descriptor: Int32, _ bytes: UnsafeMutableRawPointer?, _ count: Int) -> Int {
  read(descriptor, bytes, count)
}

private func writeFile(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
  write(descriptor, bytes, count)
}

private func exitProcess(_ code: Int32) -> Never {
  exit(code)
}

#if canImport(Glibc)
  /// glibc's `mallopt`, which the Glibc module does not export.
  @_silgen_name("mallopt")
  private func glibcMallopt(_ parameter: Int32, _ value: Int32) -> Int32
#endif
