// swift-tools-version:6.2
// GaugeKit's HTTP image service: gauges and pies as SVG and PNG over Hummingbird 2.
// Run from the repository root: swift run --package-path Service gauge-server   (docs/service.md)
import PackageDescription

import struct Foundation.URL

// A path dependency is known by its folder's name, which differs between clones.
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()

let package = Package(
  name: "GaugeService",
  platforms: [.macOS(.v15)],
  products: [
    .executable(name: "gauge-server", targets: ["gauge-server"])
  ],
  dependencies: [
    .package(path: ".."),
    // swift-configuration support is not used: configuration is flags and environment.
    .package(
      url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1",
      traits: ["FullFoundation"]),
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    .package(url: "https://github.com/apple/swift-nio", from: "2.101.3"),
    .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
    .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
  ],
  targets: [
    // The service: routes, parameters, caching, problems, limits. No process setup.
    .target(
      name: "GaugeService",
      dependencies: [
        .product(name: "GaugeKit", package: root.lastPathComponent),
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "HummingbirdCore", package: "hummingbird"),
        .product(name: "Logging", package: "swift-log"),
        // NIOThreadPool: PNGs are drawn off Swift's cooperative threads.
        .product(name: "NIOPosix", package: "swift-nio"),
        // The connection's guards sit in the HTTP/1 pipeline (Connection/).
        .product(name: "NIOCore", package: "swift-nio"),
        // A pthread lock ThreadSanitizer sees (it does not see Synchronization.Mutex on Linux).
        .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
        .product(name: "NIOHTTP1", package: "swift-nio"),
        .product(name: "Prometheus", package: "swift-prometheus"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
      ]),
    // The process: flags and environment -> configuration -> server with graceful shutdown.
    .executableTarget(
      name: "gauge-server",
      dependencies: [
        "GaugeService",
        // FiniteNumber: the environment's numbers read as the CLI's options are.
        .product(name: "GaugeKit", package: root.lastPathComponent),
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]),
    .testTarget(
      name: "GaugeServiceTests",
      dependencies: [
        "GaugeService",
        .product(name: "GaugeKit", package: root.lastPathComponent),
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
        .product(name: "NIOCore", package: "swift-nio"),
        // A testing channel for the in-process client's request contexts.
        .product(name: "NIOEmbedded", package: "swift-nio"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
      ]),
  ],
  swiftLanguageModes: [.v6]
)
