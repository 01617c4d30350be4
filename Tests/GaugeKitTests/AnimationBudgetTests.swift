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

  /// A tiny image would fit tens of thousands of frames in the pixels; 1,800 is the cap.
  @Test func framesAreCappedWhateverTheSize() throws {
    #expect(try renderer(side: 1).frameSteps(for: 60) == 1799)
    #expect(try renderer(side: 1).frameSteps(for: 59.99) == 1799)
    #expect(try renderer(side: 1).frameSteps(for: 1) == 30)
  }

  @Test func anAnimationLongerThanAMinuteIsRefused() throws {
    #expect(
      throws: GaugeError.invalidOption(
        "the animation lasts 3599 seconds; an animated PNG may last at most 60 (lower the "
          + "stagger, or draw it without animation)")
    ) { try renderer(side: 1).frameSteps(for: 3599) }
    // 3,600 sectors appearing a second apart, at 1×1 px: refused before a frame is drawn.
    var gauge = stress
    gauge.animation.stagger = 1
    gauge.ring.sectorCount = 3600
    let options = RenderOptions(width: 1, height: 1, animation: SVGAnimation())
    // 2,700 of them are drawn (the 45° buffer leaves the rest out): 2,699 s until the last.
    #expect(
      throws: GaugeError.invalidOption(
        "the animation lasts 2699 seconds; an animated PNG may last at most 60 (lower the "
          + "stagger, or draw it without animation)")
    ) { try gauge.png(value: nil, options: options) }
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
