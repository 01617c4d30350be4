// GaugeKit: radial gauges and pie charts, from the model to SVG and terminal frames.
//
// This module only re-exports the public layers, so `import GaugeKit` is all a user writes.
// docs/architecture.md shows what each layer holds.
@_exported import GaugeCharts
@_exported import GaugeGeometry
@_exported import GaugeLocalization
@_exported import GaugeModel
@_exported import GaugePresets
@_exported import GaugeRender
@_exported import GaugeSupport
@_exported import GaugeText
