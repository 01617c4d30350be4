/// An sRGB colour with straight (not premultiplied) alpha, 8 bits a channel.
public struct RasterColor: Sendable, Hashable {
  /// Red, 0...255, sRGB-encoded.
  public var red: UInt8
  /// Green, 0...255, sRGB-encoded.
  public var green: UInt8
  /// Blue, 0...255, sRGB-encoded.
  public var blue: UInt8
  /// Opacity, 0 (transparent) ... 255 (opaque).
  public var alpha: UInt8

  /// A colour from its sRGB channels and its opacity, each 0...255.
  public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
    self.red = red
    self.green = green
    self.blue = blue
    self.alpha = alpha
  }
}
