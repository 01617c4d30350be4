import Benchmark
import GaugeKit

// What the font set costs a title outside the bundled faces: the stress gauge with a Japanese
// title (Noto Sans CJK from the system) and with an emoji title (Noto Color Emoji), 400 px
// PNG and SVG, against its own Latin title (docs/performance.md, "Fonts"). The target: a CJK
// or emoji title adds at most 0.3 ms to a PNG once its face is loaded. Each gauge draws one
// image before its benchmark is registered, so the system font index is listed, the face
// read and the fallback found before any measured iteration: what a process pays once for
// that is measured by scripts/bench-fonts, in a new process each time.

/// The stress gauge with `title`, drawn once so that its faces are loaded.
func stress(titled title: String) -> Gauge {
  var gauge = try! BuiltinPresets.gauge(named: "stress")
  gauge.title = title
  blackHole(try! gauge.png(value: 42))
  return gauge
}

func fontBenchmarks(_ configuration: Benchmark.Configuration) {
  let titles = [("Japanese title", "ストレス 東京"), ("emoji title", "Mood 😀")]
  for (name, title) in titles {
    let gauge = stress(titled: title)
    let prepared = try! GaugePNGRenderer(gauge: gauge)
    let preparedSVG = try! GaugeSVGRenderer(gauge: gauge)

    Benchmark("PNG: stress, \(name), one call, 400 px", configuration: configuration) {
      benchmark in
      for _ in benchmark.scaledIterations {
        blackHole(try gauge.png(value: userValue(benchmark)))
      }
    }

    Benchmark("PNG: stress, \(name), prepared renderer, 400 px", configuration: configuration) {
      benchmark in
      for _ in benchmark.scaledIterations {
        blackHole(try prepared.png(value: userValue(benchmark)))
      }
    }

    Benchmark("SVG: stress, \(name), prepared renderer, bytes", configuration: configuration) {
      benchmark in
      for _ in benchmark.scaledIterations {
        blackHole(try preparedSVG.svgBytes(value: userValue(benchmark)))
      }
    }

    Benchmark("SVG: stress, \(name), one call (gauge.svg)", configuration: configuration) {
      benchmark in
      for _ in benchmark.scaledIterations {
        blackHole(try gauge.svg(value: userValue(benchmark)))
      }
    }

    // A gauge decoded per request: its first image lays the title out again, but the font
    // set (FontSet.standard) remembers the face its clusters took.
    Benchmark("SVG: stress, \(name), first call on a new gauge", configuration: configuration) {
      benchmark in
      for _ in benchmark.scaledIterations {
        blackHole(try remade(gauge).svg(value: userValue(benchmark)))
      }
    }
  }
}
