import Benchmark
import Foundation
import GaugeCLI
import GaugeKit
@_spi(Service) import GaugeSupport

// The largest input every cap allows (docs/robustness.md, "Caps"), drawn each way: what a
// server or terminal that takes users' presets and data must budget for in time and memory.
// The bounds these are held to are in docs/robustness.md, "The largest input".

/// A text of exactly `count` characters: words of the widest Latin glyphs, so layout and
/// text measuring work as hard as they can.
func longestText(_ count: Int, seed: Int = 0) -> String {
  let words = ["WMW", "MWWM", "QWM", "MMW"]
  var text = "\(seed) "
  var index = seed
  while text.count < count {
    text += words[index % words.count] + " "
    index += 1
  }
  return String(text.prefix(count))
}

/// A preset at every cap at once: 100 zones with 200-character labels shown in the ring,
/// 3,600 sectors, 100 ticks, the longest title, end labels, prefix, suffix and placeholder,
/// and a `source` of 1,000 characters.
func presetAtEveryCap() -> String {
  let zones = (0..<Gauge.maximumZoneCount).map { index in
    let hue = String(format: "#%02X%02X%02X", index * 2, 255 - index * 2, (index * 37) % 256)
    return #"{"label":\#(JSONText.quoted(longestText(Gauge.maximumTextLength, seed: index))),"#
      + #""color":"\#(hue)","upTo":\#(index + 1)}"#
  }
  let text = { (seed: Int) in JSONText.quoted(longestText(Gauge.maximumTextLength, seed: seed)) }
  return """
    {"name":"limits","title":\(text(1)),
    "source":\(JSONText.quoted(longestText(1000))),
    "min":0,"max":\(Gauge.maximumZoneCount),
    "zones":[\(zones.joined(separator: ","))],
    "ring":{"sectors":3600,"buffer":10},
    "readout":{"decimals":6,"prefix":\(text(2)),"suffix":\(text(3)),"placeholder":\(text(4)),
    "grouping":true},
    "labels":{"start":\(text(5)),"end":\(text(6)),"ends":true,"zones":true,"ticks":100}}
    """
}

/// A chart of the most items allowed, each with the longest label.
func chartAtEveryCap() -> PieChart {
  PieChart(
    items: (0..<PieChart.maximumItemCount).map {
      PieItem(label: longestText(Gauge.maximumTextLength, seed: $0), value: Double($0 % 97 + 1))
    },
    title: longestText(Gauge.maximumTextLength), innerRadiusRatio: 0.5, angularInset: 0.1,
    cornerRadius: 1, legend: .right)
}

func limitBenchmarks() {
  let presetJSON = presetAtEveryCap()
  let gauge = try! Gauge(presetJSON: presetJSON)
  let chart = chartAtEveryCap()
  let side = maximumImageSide
  let largest = RenderOptions(width: side, height: side)
  let widest = TerminalOptions(
    columns: TerminalOptions.maximumColumns, glyphs: .halfBlocks, depth: .trueColor)
  let metrics: [BenchmarkMetric] = [
    .wallClock, .cpuTotal, .peakMemoryResident, .mallocCountTotal,
  ]
  let slow = Benchmark.Configuration(
    metrics: metrics, timeUnits: .milliseconds, warmupIterations: 1,
    maxDuration: .seconds(10), maxIterations: 20)
  let fast = Benchmark.Configuration(
    metrics: metrics, timeUnits: .microseconds, warmupIterations: 5,
    maxDuration: .seconds(3), maxIterations: 200)

  Benchmark("Limits: preset at every cap, decoded and validated", configuration: fast) {
    benchmark in
    for _ in benchmark.scaledIterations {
      blackHole(try Gauge(presetJSON: presetJSON))
    }
  }

  // Decoded each time, so every image is a gauge's first (a gauge drawn again keeps a
  // prepared renderer): subtract the row above for the drawing alone.
  Benchmark("Limits: preset at every cap, decoded and drawn as SVG 8192 px", configuration: fast) {
    benchmark in
    for _ in benchmark.scaledIterations {
      let gauge = try Gauge(presetJSON: presetJSON)
      blackHole(try gauge.svgBytes(value: userValue(benchmark), options: largest))
    }
  }

  Benchmark("Limits: preset at every cap, terminal 400 columns", configuration: slow) {
    benchmark in
    for _ in benchmark.scaledIterations {
      blackHole(try gauge.terminalFrame(value: userValue(benchmark), options: widest).ansi())
    }
  }

  Benchmark("Limits: preset at every cap, PNG 8192 px", configuration: slow) { benchmark in
    for _ in benchmark.scaledIterations {
      blackHole(try gauge.png(value: userValue(benchmark), options: largest))
    }
  }

  // The CSV of the chart: 1,000 lines of the longest labels.
  let csv = Array(
    chart.items.map { "\"\($0.label)\",\($0.value)\n" }.joined().utf8)

  Benchmark("Limits: pie of 1,000 items, CSV parsed", configuration: fast) { benchmark in
    for _ in benchmark.scaledIterations {
      blackHole(try PieChart(csv: csv))
    }
  }

  Benchmark("Limits: pie of 1,000 items, SVG 8192 px", configuration: fast) { benchmark in
    for _ in benchmark.scaledIterations {
      blackHole(try chart.svgBytes(options: largest))
    }
  }

  Benchmark("Limits: pie of 1,000 items, terminal 400 columns", configuration: slow) {
    benchmark in
    for _ in benchmark.scaledIterations {
      blackHole(try chart.terminalFrame(options: widest).ansi())
    }
  }

  Benchmark("Limits: pie of 1,000 items, PNG 8192 px", configuration: slow) { benchmark in
    for _ in benchmark.scaledIterations {
      blackHole(try chart.png(options: largest))
    }
  }

  // The longest batch line, parsed and rendered: a valid line padded with spaces (JSON
  // allows them anywhere between tokens) to the 64 KiB cap, with the longest title.
  let fields =
    #"{"id":"longest","value":42,"size":8192,"title":"#
    + JSONText.quoted(longestText(Gauge.maximumTextLength)) + "}"
  let line = fields + String(repeating: " ", count: 65_536 - fields.utf8.count) + "\n"
  Benchmark("Limits: batch, one 64 KiB line (--jsonl)", configuration: fast) { benchmark in
    for _ in benchmark.scaledIterations {
      let code = GaugeCommand.run(
        ["batch", "--jsonl", "--preset", "stress"], context: .benchmark(input: line))
      precondition(code == 0, "the longest batch line failed")
    }
  }
}
