/// The image formats the service names in its URLs (`/gauge/stress.svg`) and bodies
/// (`"format": "svg"`).
enum ImageFormat: String, Sendable, Hashable, CaseIterable {
  case svg
  case png

  /// The `Content-Type` of an image: SVG is UTF-8 text, PNG is binary.
  var contentType: String {
    switch self {
    case .svg: "image/svg+xml; charset=utf-8"
    case .png: "image/png"
    }
  }

  /// `stress.svg` -> (`stress`, `.svg`); `nil` without a known extension.
  static func split(_ file: Substring) -> (name: Substring, format: ImageFormat)? {
    guard let dot = file.lastIndex(of: ".") else { return nil }
    guard let format = ImageFormat(rawValue: String(file[file.index(after: dot)...])) else {
      return nil
    }
    return (file[..<dot], format)
  }
}
