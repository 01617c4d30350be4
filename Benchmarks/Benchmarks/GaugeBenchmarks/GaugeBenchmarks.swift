import Benchmark
import Foundation
import GaugeCLI
import GaugeKit
import Synchronization

// Each benchmark renders the built-in stress gauge (73 sectors, 400 px) unless it says
// otherwise. Targets live in docs/performance.md; numbers come from a release build.

/// The value of this iteration's user: 0...100 in turn. (`scaledIterations` is `0..<1` at
/// the default scaling, so its index would give every iteration the value 0, the cheapest
/// image: until 2026-11-23 the benchmarks that used it measured only that.)
func userValue(_ benchmark: Benchmark) -> Double {
  Double(benchmark.currentIteration % 101)
}

/// The same gauge made again with its checked initialiser: equal, but never drawn before.
func remade(_ gauge: Gauge) throws -> Gauge {
  try Gauge(
    name: gauge.name, title: gauge.title, source: gauge.source, min: gauge.min, max: gauge.max,
    zones: gauge.zones, ring: gauge.ring, fill: gauge.fill, pointer: gauge.pointer,
    readout: gauge.readout, labels: gauge.labels, style: gauge.style,
    darkStyle: gauge.darkStyle, animation: gauge.animation)
}

let benchmarks: @Sendable () -> Void = {
  let stress = try! BuiltinPresets.gauge(named: "stress")
  let stressJSON = BuiltinPresets.json(named: "stress")!
  let animated = RenderOptions(animation: SVGAnimation(from: 0))
  // No CPU time for images of microseconds: the harness reads it from the kernel around
  // every iteration, in steps of 10 ms (so every percentile but the last was 0), and that
  // read doubled the empty iteration (120 to 250 ns at p50) and cooled the caches the next
  // image starts in. The batch and limit benchmarks, which run for milliseconds, keep it.
  let metrics: [BenchmarkMetric] = [.wallClock, .mallocCountTotal, .throughput]
  let configuration = Benchmark.Configuration(
    metrics: metrics, timeUnits: .nanoseconds, warmupIterations: 100,
    maxDuration: .seconds(2), maxIterations: 200_000)

  // What the harness itself costs per iteration: subtract it from the counts below.
  Benchmark("Baseline: an empty iteration", configuration: configuration) { benchmark in
    for user in benchmark.scaledIterations {
      blackHole(user)
    }
  }

  // The layout is the library's own since the scene became the boundary: time the scene,
  // which lays the gauge out and decides every item.
  Benchmark("Scene: stress at 42", configuration: configuration) { benchmark in
    for _ in benchmark.scaledIterations {
      blackHole(try stress.scene(value: 42))
    }
  }

  // A backend drawing a gauge per user prepares one renderer and reuses it.
  let prepared = try! GaugeSVGRenderer(gauge: stress)
  let preparedAnimated = try! GaugeSVGRenderer(gauge: stress, options: animated)

  Benchmark("SVG: static stress, prepared renderer, bytes", configuration: configuration) {
    benchmark in
    for _ in benchmark.scaledIterations {
      blackHole(try prepared.svgBytes(value: userValue(benchmark)))
    }
  }

  // What a goal marker, a reference and a range add to the plain prepared image (#25).
  var goal = stress
  goal.markers = [GaugeMarker(value: 30, label: "Goal")]
  var markedOptions = RenderOptions()
  markedOptions.reference = 35
  markedOptions.range = 30...55
  let marked = try! GaugeSVGRenderer(gauge: goal, options: markedOptions)

  Benchmark(
    "SVG: static stress, marker + reference + range, prepared renderer, bytes",
    configuration: configuration
  ) { benchmark in
    for _ in benchmark.scaledIterations {
      blackHole(try marked.svgBytes(value: userValue(benchmark)))
    }
  }

  Benchmark("SVG: static stress, prepared renderer, String", configuration: configuration) {
    benchmark in
    for _ in benchmark.scaledIterations {
      blackHole(try prepared.svg(value: userValue(benchmark)))
    }
  }

  // One gauge drawn again and again: from its second image on, it keeps a prepared renderer.
  Benchmark("SVG: static stress, one call (gauge.svg)", configuration: configuration) {
    benchmark in
    for _ in benchmark.scaledIterations {
      blackHole(try stress.svg(value: userValue(benchmark)))
    }
  }

  // The first image of a gauge (a preset decoded per request): nothing prepared. Subtract
  // "Gauge: checked initialiser" for the image alone.
  Benchmark("SVG: static stress, first call on a new gauge", configuration: configuration) {
    benchmark in
    for _ in benchmark.scaledIterations {
      blackHole(try remade(stress).svg(value: userValue(benchmark)))
    }
  }

  Benchmark("Gauge: checked initialiser", configuration: configuration) { benchmark in
    for _ in benchmark.scaledIterations {
      blackHole(try remade(stress))
    }
  }

  // PNG: the scene painted by GaugeKit's own rasteriser and encoded by its own deflate.
  Benchmark("PNG: static stress, one call, 400 px", configuration: configuration) {
    benchmark in
    for _ in benchmark.scaledIterations {
      blackHole(try stress.png(value: userValue(benchmark)))
    }
  }

  let preparedPNG = try! GaugePNGRenderer(gauge: stress)

  Benchmark("PNG: static stress, prepared renderer, 400 px", configuration: configuration) {
    benchmark in
    for _ in benchmark.scaledIterations {
      blackHole(try preparedPNG.png(value: userValue(benchmark)))
    }
  }

  Benchmark("PNG: static stress, one call, 800 px (scale 2)", configuration: configuration) {
    benchmark in
    for _ in benchmark.scaledIterations {
      blackHole(try stress.png(value: userValue(benchmark), scale: 2))
    }
  }

  Benchmark("SVG: animated stress, prepared renderer, bytes", configuration: configuration) {
    benchmark in
    for _ in benchmark.scaledIterations {
      blackHole(try preparedAnimated.svgBytes(value: userValue(benchmark)))
    }
  }

  Benchmark("SVG: animated stress, one call (gauge.svg)", configuration: configuration) {
    benchmark in
    for _ in benchmark.scaledIterations {
      blackHole(try stress.svg(value: userValue(benchmark), options: animated))
    }
  }

  Benchmark("Preset: decode and validate stress", configuration: configuration) { benchmark in
    for _ in benchmark.scaledIterations {
      blackHole(try Gauge(presetJSON: stressJSON))
    }
  }

  let terminal = TerminalOptions(columns: 60, glyphs: .halfBlocks, depth: .trueColor)
  let terminalRenderer = try! TerminalGaugeRenderer(gauge: stress, options: terminal)

  Benchmark(
    "Terminal: full frame, 60 × 30 cells, truecolor, prepared renderer",
    configuration: configuration
  ) {
    benchmark in
    for _ in benchmark.scaledIterations {
      blackHole(terminalRenderer.frame(value: userValue(benchmark)).ansi())
    }
  }

  Benchmark(
    "Terminal: full frame, 60 × 30 cells, truecolor, one call", configuration: configuration
  ) {
    benchmark in
    for _ in benchmark.scaledIterations {
      blackHole(try stress.terminalFrame(value: userValue(benchmark), options: terminal).ansi())
    }
  }

  // How cost grows with the sector count.
  for count in [10, 73, 360, 3600] {
    var gauge = stress
    gauge.ring.sectorCount = count
    Benchmark("SVG: static, \(count) sectors", configuration: configuration) { benchmark in
      for _ in benchmark.scaledIterations {
        blackHole(try gauge.svg(value: 42))
      }
    }
  }

  // Pie and donut charts: the seed's donations, sorted, as a donut with insets and corners.
  let donations = PieChart(
    items: [
      PieItem(label: "Legacies", value: 2.4), PieItem(label: "Individual giving", value: 3.2),
      PieItem(label: "Philanthropy and corporate partnerships", value: 4.0),
      PieItem(label: "Daffodil Day", value: 4.7),
      PieItem(label: "Other national campaigns and donations", value: 5.5),
    ], title: "Donations (€ million)", innerRadiusRatio: 0.6, angularInset: 3, cornerRadius: 4,
    sortsByValue: true)

  Benchmark("Pie: scene, donations donut", configuration: configuration) { benchmark in
    for _ in benchmark.scaledIterations {
      blackHole(try donations.scene())
    }
  }

  Benchmark("Pie: SVG, donations donut", configuration: configuration) { benchmark in
    for _ in benchmark.scaledIterations {
      blackHole(try donations.svgBytes())
    }
  }

  Benchmark("Pie: SVG, 100 slices", configuration: configuration) { benchmark in
    let many = PieChart(
      items: (1...100).map { PieItem(label: "Item \($0)", value: Double($0)) },
      innerRadiusRatio: 0.5, angularInset: 1)
    for _ in benchmark.scaledIterations {
      blackHole(try many.svgBytes())
    }
  }

  // How cost grows with the image's size: the same gauge, more digits per number.
  for side in [100, 400, 1600, 8192] {
    let renderer = try! GaugeSVGRenderer(
      gauge: stress, options: RenderOptions(width: side, height: side))
    Benchmark("SVG: static stress, prepared, \(side) px", configuration: configuration) {
      benchmark in
      for _ in benchmark.scaledIterations {
        blackHole(try renderer.svgBytes(value: userValue(benchmark)))
      }
    }
  }

  // `gauge batch --jsonl` end to end (parse, render on every core, encode, write in order),
  // in process, to a sink that discards: one run renders `lines` gauges.
  for lines in [1, 100, 10_000] {
    let input =
      (0..<lines).map { #"{"id":"user-\#($0)","value":\#($0 % 101)}"# }
      .joined(separator: "\n") + "\n"
    Benchmark(
      "Batch: --jsonl, \(lines) stress gauge\(lines == 1 ? "" : "s") a run",
      configuration: .init(
        metrics: [.wallClock, .cpuTotal, .peakMemoryResident], timeUnits: .microseconds,
        warmupIterations: 2, maxDuration: .seconds(3), maxIterations: lines == 1 ? 20_000 : 1000)
    ) { benchmark in
      for _ in benchmark.scaledIterations {
        let code = GaugeCommand.run(
          ["batch", "--jsonl", "--preset", "stress"],
          context: .benchmark(input: input))
        precondition(code == 0, "the batch failed")
      }
    }
  }

  fontBenchmarks(configuration)
  limitBenchmarks()
}

/// Standard output that only counts bytes, and standard input from memory.
final class Discard: OutputSink {
  let count = Mutex(0)
  func write(_ bytes: [UInt8]) { count.withLock { $0 += bytes.count } }
}

final class MemoryInput: InputSource {
  let chunks: Mutex<[[UInt8]]>
  init(_ text: String) {
    let bytes = Array(text.utf8)
    // In 64 KiB pieces, as a pipe delivers them.
    chunks = Mutex(
      stride(from: 0, to: bytes.count, by: 65536).reversed().map {
        Array(bytes[$0..<min($0 + 65536, bytes.count)])
      })
  }
  func wait(milliseconds: Int32) -> Bool { true }
  func read() -> [UInt8]? { chunks.withLock { $0.popLast() } }
}

extension CommandIO {
  static func benchmark(input: String) -> CommandIO {
    CommandIO(
      environment: [:], stdoutIsTerminal: false, stderrIsTerminal: false, terminalSize: nil,
      output: Discard(), errors: Discard(), files: DiskFiles(), input: MemoryInput(input),
      events: SignalEvents())
  }
}
