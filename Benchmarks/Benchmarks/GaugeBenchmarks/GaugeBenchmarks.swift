import Benchmark
import GaugeKit

// Each benchmark renders the built-in stress gauge (73 sectors, 400 px) unless it says
// otherwise. Targets live in docs/performance.md; numbers come from a release build.

nonisolated(unsafe) let benchmarks: @Sendable () -> Void = {
  let stress = try! BuiltinPresets.gauge(named: "stress")
  let stressJSON = BuiltinPresets.json(named: "stress")!
  let animated = SVGOptions(animation: SVGAnimation(from: 0))
  let metrics: [BenchmarkMetric] = [.wallClock, .cpuTotal, .mallocCountTotal, .throughput]
  let configuration = Benchmark.Configuration(
    metrics: metrics, timeUnits: .nanoseconds, warmupIterations: 100,
    maxDuration: .seconds(2), maxIterations: 200_000)

  // What the harness itself costs per iteration: subtract it from the counts below.
  Benchmark("Baseline: an empty iteration", configuration: configuration) { benchmark in
    for user in benchmark.scaledIterations {
      blackHole(user)
    }
  }

  Benchmark("Layout: stress at 42", configuration: configuration) { benchmark in
    for _ in benchmark.scaledIterations {
      blackHole(try stress.layout(value: 42))
    }
  }

  // A backend drawing a gauge per user prepares one renderer and reuses it.
  let prepared = try! GaugeSVGRenderer(gauge: stress)
  let preparedAnimated = try! GaugeSVGRenderer(gauge: stress, options: animated)

  Benchmark("SVG: static stress, prepared renderer, bytes", configuration: configuration) {
    benchmark in
    for user in benchmark.scaledIterations {
      blackHole(try prepared.svgBytes(value: Double(user % 101)))
    }
  }

  Benchmark("SVG: static stress, prepared renderer, String", configuration: configuration) {
    benchmark in
    for user in benchmark.scaledIterations {
      blackHole(try prepared.svg(value: Double(user % 101)))
    }
  }

  Benchmark("SVG: static stress, one call (gauge.svg)", configuration: configuration) {
    benchmark in
    for _ in benchmark.scaledIterations {
      blackHole(try stress.svg(value: 42))
    }
  }

  Benchmark("SVG: animated stress, prepared renderer, bytes", configuration: configuration) {
    benchmark in
    for user in benchmark.scaledIterations {
      blackHole(try preparedAnimated.svgBytes(value: Double(user % 101)))
    }
  }

  Benchmark("SVG: animated stress, one call (gauge.svg)", configuration: configuration) {
    benchmark in
    for _ in benchmark.scaledIterations {
      blackHole(try stress.svg(value: 42, options: animated))
    }
  }

  Benchmark("Preset: decode and validate stress", configuration: configuration) { benchmark in
    for _ in benchmark.scaledIterations {
      blackHole(try Gauge(presetJSON: stressJSON))
    }
  }

  let terminal = TerminalOptions(columns: 60, glyphs: .halfBlocks, depth: .trueColor)
  let terminalRenderer = try! TerminalGaugeRenderer(gauge: stress, options: terminal)

  Benchmark("Terminal: full frame, 60 × 30 cells, truecolor, prepared renderer", configuration: configuration) {
    benchmark in
    for user in benchmark.scaledIterations {
      blackHole(terminalRenderer.frame(value: Double(user % 101)).ansi())
    }
  }

  Benchmark("Terminal: full frame, 60 × 30 cells, truecolor, one call", configuration: configuration) {
    benchmark in
    for user in benchmark.scaledIterations {
      blackHole(try stress.terminalFrame(value: Double(user % 101), options: terminal).ansi())
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
}
