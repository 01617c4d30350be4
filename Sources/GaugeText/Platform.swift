#if canImport(Glibc)
  @preconcurrency import Glibc
#elseif canImport(Musl)
  @preconcurrency import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

// This module's only import of the C library: a mutex (the Synchronization module's `Mutex`
// needs macOS 15, the package supports 13), and the few file calls that finding and reading
// font files needs.

/// A mutual-exclusion lock for the little state GaugeKit keeps between calls: what a gauge
/// remembers of its last image, the faces a font set has loaded. Hold it only to read or
/// replace a value, never while drawing or reading a file.
package final class Lock: @unchecked Sendable {
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>

  package init() {
    mutex = .allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    pthread_mutex_init(mutex, nil)
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deinitialize(count: 1)
    mutex.deallocate()
  }

  /// Runs `body` holding the lock.
  package func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body()
  }
}

/// Files and folders, as the font set needs them.
package enum FontFiles {
  /// Why a font file could not be read: the C library's reason ("No such file or directory"),
  /// or a size past the limit.
  package struct Problem: Error, Sendable, Equatable {
    package var path: String
    package var reason: String
  }

  /// The file's bytes, refused when it is larger than `limit` bytes or not a regular file.
  package static func read(_ path: String, limit: Int) throws(Problem) -> [UInt8] {
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else { throw Problem(path: path, reason: reason()) }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { throw Problem(path: path, reason: reason()) }
    guard status.st_mode & S_IFMT == S_IFREG else {
      throw Problem(path: path, reason: "not a regular file")
    }
    let size = Int(status.st_size)
    guard size <= limit else {
      throw Problem(
        path: path, reason: "\(size) bytes is larger than the \(limit >> 20) MB allowed")
    }
    var bytes = [UInt8](repeating: 0, count: size)
    var done = 0
    while done < size {
      let count = bytes.withUnsafeMutableBytes { buffer in
        Glue.read(descriptor, buffer.baseAddress! + done, size - done)
      }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else {
        throw Problem(path: path, reason: count == 0 ? "the file shrank while read" : reason())
      }
      done += count
    }
    return bytes
  }

  /// The font files under `folder` and its subfolders (to `depth` levels), sorted by path so
  /// that every run finds them in the same order: names ending in .ttf, .otf, .ttc or .otc,
  /// any case. A folder that cannot be read is skipped; links to folders are not followed.
  package static func fontPaths(under folder: String, depth: Int = 6) -> [String] {
    var found: [String] = []
    collect(folder, depth: depth, into: &found)
    return found.sorted()
  }

  private static func collect(_ folder: String, depth: Int, into found: inout [String]) {
    guard depth >= 0, let directory = opendir(folder) else { return }
    defer { closedir(directory) }
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      guard !name.hasPrefix(".") else { continue }
      let path = folder.hasSuffix("/") ? folder + name : folder + "/" + name
      var status = stat()
      guard lstat(path, &status) == 0 else { continue }
      switch status.st_mode & S_IFMT {
      case S_IFDIR:
        collect(path, depth: depth - 1, into: &found)
      case S_IFREG, S_IFLNK:
        let lower = name.lowercased()
        if [".ttf", ".otf", ".ttc", ".otc"].contains(where: { lower.hasSuffix($0) }) {
          found.append(path)
        }
      default:
        continue
      }
    }
  }

  /// An environment variable of this process, for the platform's font folders (`HOME`).
  package static func environment(_ name: String) -> String? {
    getenv(name).map { String(cString: $0) }
  }

  private static func reason() -> String {
    String(cString: strerror(errno))
  }
}

/// The C library's `read`, named apart from `FontFiles.read`.
private enum Glue {
  static func read(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    #if canImport(Darwin)
      Darwin.read(descriptor, buffer, count)
    #elseif canImport(Musl)
      Musl.read(descriptor, buffer, count)
    #else
      Glibc.read(descriptor, buffer, count)
    #endif
  }
}
