// swift-tools-version:6.0
// libFuzzer harnesses for GaugeKit: a package of its own, so the root builds none of it.
// Run them with scripts/fuzz (see docs/robustness.md); each checks invariants, not only
// that nothing crashes.
import PackageDescription

import struct Foundation.URL

// A path dependency is known by its folder's name, which differs between clones.
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()

// libFuzzer supplies `main`; each harness exports LLVMFuzzerTestOneInput.
let harness: [SwiftSetting] = [.unsafeFlags(["-parse-as-library"])]

let package = Package(
  name: "GaugeKitFuzz",
  platforms: [.macOS(.v15)],
  dependencies: [.package(path: "..")],
  targets: [
    // What every harness checks of what it produced: XML, control bytes, non-finite numbers.
    .target(
      name: "FuzzSupport",
      dependencies: [
        .product(name: "GaugeKit", package: root.lastPathComponent),
        .product(name: "GaugeCLI", package: root.lastPathComponent),
      ]),
    // Preset decoding and validation, then SVG, terminal and PNG at a fuzzed value and size.
    .executableTarget(
      name: "FuzzPreset", dependencies: ["FuzzSupport"], swiftSettings: harness),
    // Pie data as CSV and as JSON, then SVG and terminal.
    .executableTarget(name: "FuzzPie", dependencies: ["FuzzSupport"], swiftSettings: harness),
    // Batch and watch input: whole streams of lines through the commands.
    .executableTarget(
      name: "FuzzBatch",
      dependencies: ["FuzzSupport", .product(name: "GaugeCLI", package: root.lastPathComponent)],
      swiftSettings: harness),
    // Font files: every face of a collection, each table reader, shaping and drawing.
    .executableTarget(name: "FuzzFont", dependencies: ["FuzzSupport"], swiftSettings: harness),
    // Random text in many scripts through the OpenType engine and the font set.
    .executableTarget(name: "FuzzShape", dependencies: ["FuzzSupport"], swiftSettings: harness),
    // The argument parser and every command, on a disk that refuses everything.
    .executableTarget(
      name: "FuzzArguments",
      dependencies: ["FuzzSupport", .product(name: "GaugeCLI", package: root.lastPathComponent)],
      swiftSettings: harness),
  ],
  swiftLanguageModes: [.v6]
)
