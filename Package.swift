// swift-tools-version:6.0
import PackageDescription

// Each layer imports only the layers listed before it:
// geometry <- support <- model <- presets <- charts <- render <- GaugeKit <- GaugeCLI <- gauge;
// render also draws with the rasteriser (over the text layer and support's colours) and
// the PNG encoder, which imports nothing.
// docs/architecture.md draws them and the data flow.
let package = Package(
  name: "GaugeKit",
  platforms: [.macOS(.v13)],
  products: [
    .library(name: "GaugeKit", targets: ["GaugeKit"]),
    .executable(name: "gauge", targets: ["gauge"]),
    // The command line as a library: for embedding `gauge` and for the batch benchmarks.
    .library(name: "GaugeCLI", targets: ["GaugeCLI"]),
  ],
  targets: [
    // Angles, points, annular sectors and paths with arc centres. Pure numbers.
    .target(name: "GaugeGeometry"),
    // Fixed decimals, the JSON reader and writer, text metrics, suggestions, errors.
    .target(name: "GaugeSupport", dependencies: ["GaugeGeometry", "GaugeText"]),
    // The gauge, its zones, the sector layout, the pointer, the readout and the timeline.
    .target(
      name: "GaugeLocalization", dependencies: ["GaugeSupport"], exclude: ["LICENSE-Unicode.txt"]),
    .target(
      name: "GaugeModel", dependencies: ["GaugeGeometry", "GaugeSupport", "GaugeLocalization"]),
    // The JSON preset format and the built-in presets.
    .target(
      name: "GaugePresets", dependencies: ["GaugeModel", "GaugeSupport", "GaugeLocalization"]),
    // Pie and donut charts on the same sector geometry.
    .target(
      name: "GaugeCharts",
      dependencies: ["GaugeModel", "GaugeSupport", "GaugeGeometry", "GaugeLocalization"]),
    // PNG and APNG files with their own deflate, and a PNG reader for colour emoji bitmaps.
    .target(name: "GaugePNG"),
    // Fonts (TrueType, CFF, collections, colour emoji), the font set with fallback, text
    // measurement and terminal cell widths: what every layer that sizes or draws text shares.
    .target(name: "GaugeText", dependencies: ["GaugePNG"], exclude: ["LICENSE-Unicode.txt"]),
    // Exact-area anti-aliased filling, and glyph runs drawn from GaugeText's faces.
    .target(name: "GaugeRaster", dependencies: ["GaugeText", "GaugeSupport", "GaugePNG"]),
    // The scene every chart produces, and one backend per folder: SVG/, Terminal/, PNG/.
    .target(
      name: "GaugeRender",
      dependencies: [
        "GaugeGeometry", "GaugeSupport", "GaugeLocalization", "GaugeModel", "GaugeCharts",
        "GaugeText", "GaugeRaster", "GaugePNG",
      ]),
    // The umbrella: re-exports the public layers, nothing else.
    .target(
      name: "GaugeKit",
      dependencies: [
        "GaugeGeometry", "GaugeSupport", "GaugeLocalization", "GaugeModel", "GaugePresets",
        "GaugeCharts",
        "GaugeText", "GaugeRender",
      ]),

    // The command line: typed commands, parse -> validate -> run, error -> message + exit code.
    // It also reads `--font` files with the rasteriser's font reader, to check them once.
    .target(name: "GaugeCLI", dependencies: ["GaugeKit", "GaugeText"]),
    .executableTarget(name: "gauge", dependencies: ["GaugeCLI"]),

    // Tests: goldens live in __Snapshots__/ and are read by path.
    .target(name: "GaugeTestSupport", path: "Tests/GaugeTestSupport"),
    .testTarget(
      name: "GaugeKitTests",
      dependencies: [
        "GaugeKit", "GaugeLocalization", "GaugeRaster", "GaugeText", "GaugeTestSupport",
      ],
      exclude: ["__Snapshots__"]),
    .testTarget(
      name: "GaugeRasterTests",
      dependencies: ["GaugeRaster", "GaugeSupport", "GaugeText", "GaugeTestSupport"]),
    .testTarget(
      name: "GaugeTextTests",
      dependencies: ["GaugeText", "GaugeRaster", "GaugePNG", "GaugeSupport", "GaugeTestSupport"],
      exclude: ["Fixtures"]),
    .testTarget(
      name: "GaugePNGTests", dependencies: ["GaugePNG", "GaugeTestSupport"],
      exclude: ["__Snapshots__", "Fixtures"]),
    .testTarget(
      name: "GaugeCLITests",
      dependencies: ["GaugeCLI", "GaugeKit", "GaugeText", "GaugeTestSupport"],
      exclude: ["__Snapshots__"]),
  ],
  swiftLanguageModes: [.v6]
)
