import GaugeGeometry
import GaugeModel
import GaugeSupport
import GaugeText

/// Everything one picture paints, decided: shapes with their geometry, texts with their
/// position, size and weight, colours resolved for the theme, and the animation's times.
///
/// A gauge and a pie chart each produce a scene; the SVG writer and the terminal rasteriser
/// only draw it, asking no questions of the model (resvg's usvg tree is the same idea).
///
/// Units: pixels in image space (x right, y down), degrees (0° at 12 o'clock, clockwise),
/// seconds.
public struct Scene: Sendable, Hashable {
  /// The image's size in pixels.
  public var width: Int
  /// The image's height in pixels.
  public var height: Int
  /// The accessible name ("Stress 42 of 0–100: Normal") and description.
  public var label: String
  /// The accessible description: the scale and its zones, or a chart's items.
  public var description: String
  /// What fills the image behind everything; `nil` leaves it transparent.
  package var background: Paint?
  /// What is painted, in paint order.
  package var items: [SceneItem]
  /// The colours each role takes when the viewer prefers a dark scheme, in the order an SVG
  /// style sheet lists them; empty unless the image follows the viewer's scheme.
  package var darkColors: [RoleColor]
  /// When things appear and move; `nil` for a still picture.
  package var timeline: SceneTimeline? {
    get { timing?.timeline }
    set { timing = newValue.map(Timing.init) }
  }
  /// The timeline, boxed: a scene is handed whole from layer to layer, and most scenes are
  /// still, so its 150-odd bytes stay out of every copy of a scene (copying them and their
  /// optional's tag cost a prepared SVG more than writing its markup did).
  private var timing: Timing?
  /// A chart's legend as content, one entry a line in the legend's order, for a backend that
  /// lays the legend out itself (a terminal writes it as lines of cells below the chart);
  /// empty when the chart shows no legend, and for a gauge. An image's legend is laid out
  /// in `items` as well, as swatches and texts.
  package var legend: [SceneLegendEntry]
  /// The faces that measured the texts and that draw them.
  package var fonts: FontSet
  /// The language of the texts, a BCP 47 tag ("de-CH"), so a screen reader speaks them
  /// right; `nil` when no locale was chosen (the words are English).
  public var language: String?
  /// The base direction of the texts: each text's own (`.auto`), or one for all of them
  /// (a gauge's `direction`).
  package var direction: TextDirection = .auto
}

extension Scene {
  /// Creates a scene from its parts.
  ///
  /// Declared here, outside the type, and handing the parts to the memberwise initialiser:
  /// an initialiser in the type's body that stores them one by one built the scene aside,
  /// then copied it into place (retaining each of its arrays and strings again) and
  /// destroyed the first, for every image (a struct this large, Swift 6.3 `-O`).
  package init(
    width: Int, height: Int, label: String, description: String, background: Paint?,
    items: [SceneItem], darkColors: [RoleColor] = [], timeline: SceneTimeline? = nil,
    legend: [SceneLegendEntry] = [], fonts: FontSet = .standard, language: String? = nil,
    direction: TextDirection = .auto
  ) {
    self.init(
      width: width, height: height, label: label, description: description,
      background: background, items: items, darkColors: darkColors,
      timing: timeline.map(Timing.init), legend: legend, fonts: fonts, language: language,
      direction: direction)
  }
}

extension Scene {
  /// A timeline in a box of its own, shared by the copies of a scene and never changed (a
  /// new timeline takes a new box); equal and hashed by its timeline.
  private final class Timing: Sendable, Hashable {
    let timeline: SceneTimeline

    init(_ timeline: SceneTimeline) {
      self.timeline = timeline
    }

    static func == (lhs: Timing, rhs: Timing) -> Bool {
      lhs === rhs || lhs.timeline == rhs.timeline
    }

    func hash(into hasher: inout Hasher) {
      hasher.combine(timeline)
    }
  }
}

/// What a colour is for. A backend may restyle a role (a dark scheme, a terminal's own
/// colours); `fixed` colours, such as a zone's or a slice's, never change.
package enum PaintRole: String, Sendable, Hashable, CaseIterable {
  case background
  /// Unlit sectors of a progress gauge.
  case track
  /// The ring of a chart with nothing to show.
  case emptyRing
  case pointer
  /// Titles, end labels, ticks, captions.
  case label
  /// The readout and other primary text.
  case readout
  /// A change for the better since the reference (the delta).
  case good
  /// A change for the worse since the reference (the delta).
  case bad
  /// A colour of the data itself: a zone, a slice, a text chosen for contrast on a slice.
  case fixed
}

/// A resolved colour and what it is for.
package struct Paint: Sendable, Hashable {
  package var color: Color
  package var role: PaintRole

  /// Creates a paint.
  package init(_ color: Color, role: PaintRole) {
    self.color = color
    self.role = role
  }
}

/// A role's colour in another scheme.
package struct RoleColor: Sendable, Hashable {
  package var role: PaintRole
  package var color: Color

  /// Creates a role's colour.
  package init(_ role: PaintRole, _ color: Color) {
    self.role = role
    self.color = color
  }
}

/// One thing painted.
package enum SceneItem: Sendable, Hashable {
  /// Equal sectors around one centre: a gauge's scale.
  case ring(SceneRing)
  /// Sectors drawn together, such as a chart's slices, revealed together by a sweep.
  case sectors([SceneSector])
  /// One annular sector on its own, such as an empty chart's ring.
  case sector(SceneSector)
  /// A filled polygon: the pointer or the off-scale marker.
  case polygon(ScenePolygon)
  /// Straight strokes of one colour and width: tick marks.
  case strokes(SceneStrokes)
  /// A small rounded square: a legend's swatch.
  case swatch(SceneSwatch)
  case text(SceneText)
}
