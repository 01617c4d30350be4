/// The fonts installed on the system: their paths, listed once when first needed, and each
/// file's faces, read once when first needed. One index serves the whole process.
final class SystemFontIndex: Sendable {
  /// The platform's standard font folders: on Linux those fontconfig reads, on macOS the
  /// system's, the machine's and the user's.
  static let shared = SystemFontIndex(folders: platformFolders(home: FontFiles.environment("HOME")))

  /// The largest font file read: Noto Sans CJK collections are about 20 MB; past this a file
  /// is skipped rather than read.
  static let fileLimit = 64 << 20

  let folders: [String]
  private let lock = Lock()
  private nonisolated(unsafe) var listed: [String]?
  private nonisolated(unsafe) var loaded: [String: [FontFace]] = [:]
  /// What each file read so far maps, as sorted ranges of scalars (its faces' union): kept
  /// instead of the faces, so a search through every file holds kilobytes, not every font.
  private nonisolated(unsafe) var coverage: [String: [ClosedRange<UInt32>]] = [:]
  /// Paths in search order, by script and weight.
  private nonisolated(unsafe) var orders: [String: [String]] = [:]
  private nonisolated(unsafe) var problems: [(path: String, reason: String)] = []

  init(folders: [String]) {
    self.folders = folders
  }

  static func platformFolders(home: String?) -> [String] {
    #if os(macOS)
      var folders = ["/System/Library/Fonts", "/Library/Fonts"]
      if let home { folders.append(home + "/Library/Fonts") }
    #else
      var folders = ["/usr/share/fonts", "/usr/local/share/fonts"]
      if let home { folders += [home + "/.local/share/fonts", home + "/.fonts"] }
    #endif
    return folders
  }

  /// Every font file in the folders, sorted within each folder; listed on the first call.
  var paths: [String] {
    if let listed = lock.withLock({ listed }) { return listed }
    let found = folders.flatMap { FontFiles.fontPaths(under: $0) }
    return lock.withLock {
      if listed == nil { listed = found }
      return listed ?? found
    }
  }

  /// The faces of the file at `path`, read on the first call; none for a file that cannot
  /// be read or is not a font, which is remembered in ``skipped``.
  func faces(at path: String) -> [FontFace] {
    if let faces = lock.withLock({ loaded[path] }) { return faces }
    let (faces, problem) = Self.read(path)
    return lock.withLock {
      if let known = loaded[path] { return known }
      loaded[path] = faces
      if let problem { problems.append((path, problem)) }
      return faces
    }
  }

  /// Every path in the order a search for a script and weight tries them (files named for
  /// the script first), worked out once per script and weight by `order`.
  func searchOrder(
    hint: String, weight: FontWeight, _ order: ([String]) -> [String]
  ) -> [String] {
    let key = hint + "/" + weight.rawValue
    if let known = lock.withLock({ orders[key] }) { return known }
    let found = order(paths)
    lock.withLock { orders[key] = found }
    return found
  }

  /// Whether the file at `path` maps every one of `scalars`, from its coverage, read once;
  /// false for a file that cannot be read.
  func mayCover(_ path: String, _ scalars: [Unicode.Scalar]) -> Bool {
    let ranges: [ClosedRange<UInt32>]
    if let known = lock.withLock({ coverage[path] }) {
      ranges = known
    } else {
      let (faces, problem) = Self.read(path)
      ranges = Self.merged(faces.flatMap { $0.characterMap.runs.map { $0.first...$0.last } })
      lock.withLock {
        if coverage[path] == nil, let problem { problems.append((path, problem)) }
        coverage[path] = ranges
      }
    }
    return scalars.allSatisfy { scalar in
      // The last range starting at or before the scalar.
      var low = 0
      var high = ranges.count
      while low < high {
        let middle = (low + high) / 2
        if ranges[middle].lowerBound <= scalar.value { low = middle + 1 } else { high = middle }
      }
      return low > 0 && ranges[low - 1].contains(scalar.value)
    }
  }

  /// Every face of the file at `path`, or none and why it could not be used.
  private static func read(_ path: String) -> (faces: [FontFace], problem: String?) {
    do {
      return (try FontFace.faces(in: try FontFiles.read(path, limit: fileLimit)), nil)
    } catch let error as FontFiles.Problem {
      return ([], error.reason)
    } catch {
      return ([], "\(error)")
    }
  }

  /// Ranges sorted and joined where they touch or overlap.
  private static func merged(_ ranges: [ClosedRange<UInt32>]) -> [ClosedRange<UInt32>] {
    var result: [ClosedRange<UInt32>] = []
    for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
      if let last = result.last, range.lowerBound <= last.upperBound &+ 1 {
        result[result.count - 1] = last.lowerBound...max(last.upperBound, range.upperBound)
      } else {
        result.append(range)
      }
    }
    return result
  }

  /// The system fonts that were skipped so far, each with the reason.
  var skipped: [(path: String, reason: String)] { lock.withLock { problems } }
}
