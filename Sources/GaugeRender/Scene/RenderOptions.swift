import GaugeCharts
import GaugeGeometry
import GaugeModel
import GaugeSupport
import GaugeText

/// Which colours an image uses.
public enum Theme: String, Sendable, Hashable, CaseIterable {
  /// The preset's `style`.
  case light
  /// The preset's `darkStyle`.
  case dark
  /// One image that follows the viewer's `prefers-color-scheme`: light colours, with the dark
  /// ones in a media query. Viewers without CSS media queries show the light colours.
  case auto
}

/// What fills the image behind the gauge.
public enum Background: Sendable, Hashable {
  /// The theme's background colour (or none, if the preset leaves it out).
  case preset
  /// Transparent.
  case none
  /// A colour of the caller's.
  case color(Color)
}

/// How a picture is drawn, whatever the backend: the size, colours, labels, title and
/// animation of a scene, and so of the SVG and PNG images made from it (the terminal takes
/// its own `TerminalOptions`). The gauge and value come separately.
public struct RenderOptions: Sendable, Hashable {
  /// Pixels, 1...8192.
  public var width: Int
  /// Pixels, 1...8192.
  public var height: Int
  /// Which colours the image uses.
  public var theme: Theme
  /// What fills the image behind the gauge.
  public var background: Background
  /// Title, start, end and zone labels and ticks; the readout always shows.
  public var showLabels: Bool
  /// Replaces the preset's title (drawn under the readout and used in the accessible name).
  public var title: String?
  /// Animate from a start value; `nil` draws the final state only.
  public var animation: SVGAnimation?
  /// The faces that measure every text and draw it in a PNG; an SVG names their families
  /// for its viewer. ``FontSet/standard`` adds the system's fonts to the bundled ones where
  /// a text needs them; ``FontSet/bundled`` draws the same on every machine.
  public var fonts: FontSet
  /// How the layout measures texts: `.cells` lays the scene out on a grid of character
  /// cells (1 unit wide, 2 tall), where shapes too fine for a cell (halos, merged gaps) are
  /// left out.
  package var textMeasure = TextMeasure.font
  /// A past value to compare with (yesterday's): a ghost pointer at it, and the change
  /// since it beside the readout. `nil` draws neither; NaN and infinities are ignored.
  public var reference: Double?
  /// The period's lowest and highest values, as a band along the ring; `nil` for none.
  /// Drawing throws `GaugeError.invalidOption` for a range whose low is above its high.
  public var range: ClosedRange<Double>?

  /// Creates options; drawing checks their ranges.
  public init(
    width: Int = 400, height: Int = 400, theme: Theme = .light, background: Background = .preset,
    showLabels: Bool = true, title: String? = nil, animation: SVGAnimation? = nil,
    fonts: FontSet = .standard
  ) {
    self.width = width
    self.height = height
    self.theme = theme
    self.background = background
    self.showLabels = showLabels
    self.title = title
    self.animation = animation
    self.fonts = fonts
  }
}

/// An animated image: the pointer sweeps from `from` with the preset's easing, the readout
/// counts in step, and the sectors appear one after another. CSS only, no script; viewers that
/// do not animate, and viewers asking for reduced motion, show the final state.
public struct SVGAnimation: Sendable, Hashable {
  /// Where the sweep starts; `nil` is the domain's min.
  public var from: Double?
  /// Seconds, 0...60; `nil` is the preset's duration.
  public var duration: Double?

  /// Creates an animation.
  public init(from: Double? = nil, duration: Double? = nil) {
    self.from = from
    self.duration = duration
  }
}
