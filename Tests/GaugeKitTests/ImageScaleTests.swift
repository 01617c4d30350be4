@_spi(Service) import GaugeModel
import Testing

/// Why a PNG's scale does not fit (`ImageScale`), the words of the CLI's `--scale` and the
/// service's `scale`: the image, its scaled pixels, the limit and the scale that fits.
@Suite struct ImageScaleTests {
  @Test(
    arguments: [
      (
        2.0, 6000, 3000, false,
        "2 makes the 6000×3000 image 12000×6000 pixels; at most 8192 "
          + "a side allowed, so at most 1.365"
      ),
      (
        2.0, 6000, 3000, true,
        "2 makes the 6000×3000 image 12000×6000 pixels; at most 8192 "
          + "a side allowed, so at most 1"
      ),
      (
        0.001, 400, 200, false,
        "0.001 makes the 400×200 image 0×0 pixels; at least 1 a side "
          + "allowed, so at least 0.003"
      ),
      (2.0, 4096, 4096, true, nil), (3.0, 9000, 10, false, nil),
    ] as [(Double, Int, Int, Bool, String?)])
  func problemNamesTheScaleThatFits(
    scale: Double, width: Int, height: Int, wholeScales: Bool, expected: String?
  ) {
    #expect(
      ImageScale.problem(scale, width: width, height: height, wholeScales: wholeScales)
        == expected)
  }
}
