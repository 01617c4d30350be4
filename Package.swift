// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "GaugeKit",
  products: [
    .library(name: "GaugeKit", targets: ["GaugeKit"]),
    .executable(name: "gauge", targets: ["gauge"]),
    // The command line as a library: for embedding `gauge` and for the batch benchmarks.
    .library(name: "GaugeCLI", targets: ["GaugeCLI"]),
  ],
  targets: [
    // The library: geometry, model, animation, presets and renderers. No I/O.
    .target(name: "GaugeKit"),

    // The command line: argument parsing, commands, errors -> message + exit code.
    .target(name: "GaugeCLI", dependencies: ["GaugeKit"]),
    .executableTarget(name: "gauge", dependencies: ["GaugeCLI"]),

    // Tests: one target per module; goldens live in __Snapshots__/ and are read by path.
    .target(name: "GaugeTestSupport", path: "Tests/GaugeTestSupport"),
    .testTarget(
      name: "GaugeKitTests", dependencies: ["GaugeKit", "GaugeTestSupport"],
      exclude: ["__Snapshots__"]),
    .testTarget(
      name: "GaugeCLITests", dependencies: ["GaugeCLI", "GaugeKit", "GaugeTestSupport"],
      exclude: ["__Snapshots__"]),
  ],
  swiftLanguageModes: [.v6]
)
