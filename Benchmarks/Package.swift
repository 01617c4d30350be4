// swift-tools-version:6.1
// GaugeKit's benchmarks: time and heap allocations with ordo-one/benchmark.
// Run from this folder: swift package benchmark   (see docs/performance.md)
import PackageDescription

import struct Foundation.URL

// A path dependency is known by its folder's name, which differs between clones.
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()

let package = Package(
  name: "GaugeKitBenchmarks",
  platforms: [.macOS(.v15)],
  dependencies: [
    .package(path: ".."),
    .package(
      url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
  ],
  targets: [
    .executableTarget(
      name: "GaugeBenchmarks",
      dependencies: [
        .product(name: "GaugeKit", package: root.lastPathComponent),
        .product(name: "GaugeCLI", package: root.lastPathComponent),
        .product(name: "Benchmark", package: "benchmark"),
      ],
      path: "Benchmarks/GaugeBenchmarks",
      plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    )
  ],
  swiftLanguageModes: [.v6]
)
