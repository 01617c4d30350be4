import GaugeGeometry
import GaugeSupport

/// Where the visible sectors of a ring fall: the angular contract every renderer shares.
///
/// With N sectors of s = 360/N degrees and a buffer β on each side of the gap centre g:
/// H = ⌊N·β/360 + ½⌋ sectors are hidden on each side, V = N − 2H are visible, the visible arc
/// starts at θ0 = g + H·s, and visible sector i spans [θ0 + i·s, θ0 + (i+1)·s]. A value at
/// progress p points at θ0 + p·V·s, so min meets the first sector's start edge and max the
/// last sector's end edge exactly. Angles are computed from indices, never accumulated.
///
/// Units: degrees, 0° at 12 o'clock, clockwise; the `start`-style members are not
/// normalised (they grow past 360 along the arc); `normalizedDegrees` reports them.
package struct SectorLayout: Sendable, Hashable {
  /// N.
  package let sectorCount: Int
  /// s = 360/N.
  package let step: Double
  /// g.
  package let gapCenter: Double
  /// H.
  package let hiddenPerSide: Int
  /// V = N − 2H.
  package let visibleCount: Int

  /// Lays out a ring. Returns `nil` when no sector would be visible (V < 1) or the inputs are
  /// out of range; `Gauge` validation names the reason.
  ///
  /// Edge cases:
  /// - β = 0 hides nothing: V = N and the arc is a full circle starting at the gap centre.
  package init?(sectorCount: Int, bufferAngle: Double, gapCenter: Double) {
    guard (1...3600).contains(sectorCount), bufferAngle.isFinite, bufferAngle >= 0,
      bufferAngle <= 180, gapCenter.isFinite
    else { return nil }
    let hidden = Int((Double(sectorCount) * bufferAngle / 360 + 0.5).rounded(.down))
    let visible = sectorCount - 2 * hidden
    guard visible >= 1 else { return nil }
    self.sectorCount = sectorCount
    self.step = 360 / Double(sectorCount)
    self.gapCenter = gapCenter
    self.hiddenPerSide = hidden
    self.visibleCount = visible
  }

  /// θ0: the bearing where the visible arc starts.
  package var arcStart: Double { angle(ofBoundary: 0) }
  /// The bearing where the visible arc ends (θ0 + V·s, not normalised).
  package var arcEnd: Double { angle(ofBoundary: visibleCount) }
  /// The visible arc's extent, V·s degrees.
  package var sweep: Double { Double(visibleCount) * step }

  /// The bearing of the boundary before visible sector `i` (`i == V` is the arc's end).
  @inline(__always)
  package func angle(ofBoundary i: Int) -> Double {
    gapCenter + Double(hiddenPerSide + i) * step
  }

  /// The bearing for a progress in [0, 1] along the visible arc: θ0 + p·V·s.
  @inline(__always)
  package func angle(atProgress progress: Double) -> Double {
    angle(ofBoundary: 0) + progress * sweep
  }

  /// The progress at the middle of visible sector `i`: (i + ½)/V.
  @inline(__always)
  package func middleProgress(ofSector i: Int) -> Double {
    (Double(i) + 0.5) / Double(visibleCount)
  }
}
