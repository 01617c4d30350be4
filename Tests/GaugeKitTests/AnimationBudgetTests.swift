import Foundation
import GaugeKit
import GaugeRender
import Testing

/// An animated PNG keeps every frame until it is encoded, so its images together may hold at
/// most one 8192 px square's pixels: longer or larger animations get fewer frames, each shown
/// longer, and one that cannot have two frames and its still image is refused.
@Suite struct AnimationBudgetTests {
  let stress = try! BuiltinPresets.gauge(named: "stress")

  private func renderer(side: Int) throws -> PNGSceneRenderer {
    let options = RenderOptions(
      width: side, height: side, animation: SVGAnimation(from: 0, duration: 0.5))
    return try PNGSceneRenderer(scene: stress.scene(value: 80, options: options), scale: 1)
  }

  @Test func smallImagesGetThirtyFramesASecond() throws {
    #expect(try renderer(side: 400).frameSteps(for: 0.5) == 15)
    // A minute would be 1,800 steps; 419 images of 400² fit, so 417 steps.
    #expect(try renderer(side: 400).frameSteps(for: 60) == 417)
  }

  /// 2000 × 2000: the budget holds 16 images, so 14 steps (15 frames) and the still image.
  @Test func largeImagesGetFewerFrames() throws {
    #expect(try renderer(side: 2000).frameSteps(for: 0.5) == 14)
    #expect(try renderer(side: 2000).frameSteps(for: 0.2) == 6)
    // 4729² is the largest square with room for 3 images.
    #expect(try renderer(side: 4729).frameSteps(for: 0.5) == 1)
  }

  @Test func anAnimationWithoutRoomForTwoFramesIsRefused() throws {
    let message =
      "an animated PNG of 4730×4730 needs 3 images of that size at the least; at most "
      + "67,108,864 pixels of images are allowed; draw it at most 4729×4729 or without animation"
    #expect(throws: GaugeError.invalidSize(message)) {
      try renderer(side: 4730).frameSteps(for: 0.5)
    }
    let options = RenderOptions(
      width: 8192, height: 8192, animation: SVGAnimation(from: 0, duration: 0.5))
    #expect(
      throws: GaugeError.invalidSize(
        message.replacingOccurrences(of: "4730×4730", with: "8192×8192"))
    ) { try stress.png(value: 80, options: options) }
  }
}
