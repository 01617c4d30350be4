import Dispatch
import GaugeKit
@_spi(Service) import GaugePresets
@_spi(Service) import GaugeRender

/// One run of `gauge batch`.
struct BatchJob {
  let context: CommandIO
  /// Resolves the job's own `--preset`, which the command line may give as a path.
  let library: PresetLibrary
  /// Resolves the presets lines name: names only, unless `--allow-preset-paths`.
  let lineLibrary: PresetLibrary
  let defaultPreset: String?
  let defaults: RenderOptions
  let outDir: String?
  let skipExisting: Bool
  let inputSize: Int?
  let showProgress: Bool
  let drawing: BatchDrawing
  /// The part of the input this run renders; every line when nil.
  let shard: BatchShard?
  /// The job's `--locale` (a line's own wins) and `--show-zone`.
  let locale: GaugeLocale?
  let showsZone: Bool

  private(set) var rendered = 0
  private(set) var failed = 0
  private(set) var skipped = 0
  /// Failures as JSON Lines, for --errors (otherwise they go to standard error as they come).
  private(set) var errorLines: [UInt8] = []
  private let reportToFile: Bool
  /// The input file, which no line's SVG may replace.
  private let input: (identity: FileIdentity, name: String)?
  /// Each id claimed so far and the line that claimed it, compared exactly (hash, then the
  /// bytes): a million ids of up to 15 bytes take about 40 MB.
  private var claimed: [String: Int] = [:]
  private var renderers: [RendererKey: BatchRenderer] = [:]
  /// The pixels of the prepared PNG renderers kept in `renderers`.
  private var preparedPixels = 0
  private var output: [UInt8] = []
  private var lineNumber = 0
  private var bytesRead = 0
  private let started: Double
  private var lastProgress = 0.0
  /// The first failure that every other file would share, which stops the job.
  private(set) var stoppedBy: String?

  struct RendererKey: Hashable {
    var preset: String?
    var fields: PresetOverrides
    var fromLine: Bool
    var options: RenderOptions
    var locale: GaugeLocale?
    var markers: [GaugeMarker]
  }

  init(
    context: CommandIO, library: PresetLibrary, lineLibrary: PresetLibrary, defaultPreset: String?,
    defaults: RenderOptions,
    outDir: String?, skipExisting: Bool, inputSize: Int?, drawing: BatchDrawing = BatchDrawing(),
    showProgress: Bool, reportToFile: Bool, input: (identity: FileIdentity, name: String)? = nil,
    shard: BatchShard? = nil, locale: GaugeLocale? = nil, showsZone: Bool = false
  ) {
    self.drawing = drawing
    self.shard = shard
    self.locale = locale
    self.showsZone = showsZone
    self.input = input
    self.context = context
    self.library = library
    self.lineLibrary = lineLibrary
    self.defaultPreset = defaultPreset
    self.defaults = defaults
    self.outDir = outDir.map { $0.hasSuffix("/") ? $0 : $0 + "/" }
    self.skipExisting = skipExisting
    self.inputSize = inputSize
    self.showProgress = showProgress
    self.reportToFile = reportToFile
    started = context.events.now()
  }

  var summary: String {
    var text = "\(BatchJob.grouped(rendered)) rendered, \(BatchJob.grouped(failed)) failed"
    if skipped > 0 { text += ", \(BatchJob.grouped(skipped)) skipped" }
    return text
  }

  /// `999,998`
  static func grouped(_ number: Int) -> String {
    var bytes: [UInt8] = []
    FixedDecimal.appendInteger(UInt64(Swift.max(number, 0)), grouping: true, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  mutating func run(_ input: any InputSource) {
    var lines = LineSplitter(maximumLength: BatchRequest.maximumLineLength)
    var chunk: [(line: Int, text: LineSplitter.Line)] = []
    var chunkBytes = 0
    var stoppedEarly = false
    var ended = false
    reading: while !ended {
      if let bytes = input.read() {
        bytesRead += bytes.count
        lines.append(bytes)
      } else {
        ended = true
      }
      while let line = ended ? lines.finish() : lines.next() {
        lineNumber += 1
        if let shard, !shard.contains(line: lineNumber) {
          if ended { break }
          continue
        }
        chunk.append((lineNumber, line))
        if case .complete(let bytes) = line { chunkBytes += bytes.count }
        // Bounded in lines and in bytes: 512 lines of 64 KiB would otherwise hold 32 MB.
        if chunk.count == BatchCommand.chunkSize || chunkBytes >= BatchCommand.chunkBytes {
          process(chunk)
          chunk.removeAll(keepingCapacity: true)
          chunkBytes = 0
          if stoppedBy != nil {
            stoppedEarly = true
            break reading
          }
        }
        if ended { break }
      }
    }
    if !stoppedEarly { process(chunk) }
    if showProgress { context.errors.write("\r\u{1B}[K") }
    // A stop in the last chunk leaves nothing unread: its lines' failures say it all.
    if stoppedEarly, let stoppedBy {
      context.errors.write(
        "gauge batch: stopped after line \(BatchJob.grouped(lineNumber)), because every file "
          + "would fail: \(TerminalSafe.escaped(stoppedBy))\n")
    }
  }

  /// What became of one line.
  enum Outcome: Sendable {
    /// Rendered, with the JSON line to stream.
    case streamed([UInt8])
    /// Rendered and written to its file.
    case written
    case skipped
    case failed(String)
    /// Failed in a way every other file would (a full disk): the job stops after this chunk.
    case stops(String)
  }

  private mutating func process(_ chunk: [(line: Int, text: LineSplitter.Line)]) {
    // Parse, check ids and prepare renderers in order (cheap, and the cache is shared)...
    var jobs: [(line: Int, id: String?, work: Work)] = []
    jobs.reserveCapacity(chunk.count)
    for (line, text) in chunk {
      guard case .complete(let bytes) = text else {
        if case .overlong(let length) = text {
          let reason =
            "the line is \(BatchJob.grouped(length)) bytes; at most "
            + "\(BatchJob.grouped(BatchRequest.maximumLineLength)) allowed"
          jobs.append((line, nil, .failure(reason)))
        }
        continue
      }
      if bytes.allSatisfy({
        $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: "\r")
      }) {
        continue
      }
      jobs.append(prepare(line: line, bytes: bytes))
    }
    // ...then render and write files on every core, in windows: streamed images are held
    // until their window is written, so a window holds at most `streamedPixels` of them
    // (150 lines of 8192 px PNGs were all held at once, 1.5 GB).
    let costs = outDir == nil ? jobs.map(\.work.pixels) : []
    for window in BatchJob.windows(
      costs: costs, count: jobs.count, budget: BatchCommand.streamedPixels)
    {
      render(jobs[window])
    }
    progress()
  }

  /// Consecutive ranges of `count` lines, each as long as its `costs` stay within `budget`
  /// (a line over it alone); one range of all when there are no costs.
  static func windows(costs: [Int], count: Int, budget: Int) -> [Range<Int>] {
    guard !costs.isEmpty else { return count > 0 ? [0..<count] : [] }
    var windows: [Range<Int>] = []
    var start = 0
    while start < costs.count {
      var end = start
      var total = 0
      while end < costs.count, end == start || total + costs[end] <= budget {
        total += costs[end]
        end += 1
      }
      windows.append(start..<end)
      start = end
    }
    return windows
  }

  /// Renders `jobs` on every core (each file whole or not at all, without a sync per file,
  /// which would take a million-file job from seconds to minutes), then reports and streams
  /// them in input order, in one write.
  private mutating func render(_ jobs: ArraySlice<(line: Int, id: String?, work: Work)>) {
    var outcomes = [Outcome](repeating: .skipped, count: jobs.count)
    let target = outDir.map { (folder: $0, files: context.files) }
    let drawing = self.drawing
    outcomes.withUnsafeMutableBufferPointer { buffer in
      nonisolated(unsafe) let results = buffer
      let work = Array(jobs)
      let threads = Swift.min(drawing.jobs, work.count)
      guard threads > 1 else {
        for index in work.indices {
          results[index] = BatchJob.perform(work[index], writingTo: target, drawing: drawing)
        }
        return
      }
      // Thread t takes lines t, t + threads, …: neighbours in a chunk cost about the same.
      DispatchQueue.concurrentPerform(iterations: threads) { thread in
        for index in stride(from: thread, to: work.count, by: threads) {
          results[index] = BatchJob.perform(work[index], writingTo: target, drawing: drawing)
        }
      }
    }
    // Report and stream in input order, one write for the window, into a buffer kept from
    // chunk to chunk (a fresh one of megabytes would be mapped and faulted in every time).
    output.removeAll(keepingCapacity: true)
    for (job, outcome) in zip(jobs, outcomes) {
      switch outcome {
      case .streamed(let line):
        output.append(contentsOf: line)
        rendered += 1
      case .written:
        rendered += 1
      case .skipped:
        skipped += 1
      case .failed(let reason):
        fail(line: job.line, id: job.id, reason: reason)
      case .stops(let reason):
        fail(line: job.line, id: job.id, reason: reason)
        if stoppedBy == nil { stoppedBy = reason }
      }
    }
    if !output.isEmpty { context.output.write(output) }
  }

  enum Work: Sendable {
    case render(id: String, renderer: BatchRenderer, value: Double?)
    /// A gauge of several pointers, drawn in one call (no prepared renderer draws several).
    case renderValues(id: String, gauge: Gauge, options: RenderOptions, values: [Double?])
    case skip
    case failure(String)

    /// The raster pixels its image holds: what a streamed window is weighed by.
    var pixels: Int {
      if case .render(_, let renderer, _) = self { return renderer.pixels }
      return 0
    }
  }

  private mutating func prepare(line: Int, bytes: [UInt8]) -> (line: Int, id: String?, work: Work) {
    let request: BatchRequest
    do {
      request = try BatchRequest(jsonLine: bytes)
    } catch {
      // The rule holds for failing lines too: a valid id is claimed whatever else is wrong.
      let id = BatchRequest.id(in: bytes)
      if let id, BatchRequest.isValidID(id), let earlier = claim(id, line: line) {
        return (line, id, .failure(BatchJob.duplicate(earlier)))
      }
      return (line, id, .failure(error.description))
    }
    if let earlier = claim(request.id, line: line) {
      return (line, request.id, .failure(BatchJob.duplicate(earlier)))
    }
    let file = request.id + drawing.format.fileExtension
    if skipExisting, let outDir, context.files.fileExists(outDir + file) {
      return (line, request.id, .skip)
    }
    // Only a line whose file has the input's name can name the input: one stat, not one a line.
    if let input, let outDir, file == input.name,
      context.files.identity(of: outDir + file) == input.identity
    {
      return (line, request.id, .failure("its file would replace the input file"))
    }
    // A line whose fields describe the gauge needs no preset.
    let preset = request.preset ?? defaultPreset
    guard preset != nil || request.presetFields.describesGauge else {
      return (
        line, request.id,
        .failure(
          "no preset; give \"preset\" on the line or --preset, or \"min\", \"max\" and "
            + "\"zones\"")
      )
    }
    var options = defaults
    if let width = request.width { options.width = width }
    if let height = request.height { options.height = height }
    if let theme = request.theme { options.theme = theme }
    if let title = request.title { options.title = title }
    options.reference = request.reference
    options.range = request.range
    if drawing.format == .png,
      let problem = ImageFormat.scaleProblem(
        drawing.scale, width: options.width, height: options.height)
    {
      return (line, request.id, .failure(problem))
    }
    if let animate = request.animate { options.animation = animate ? SVGAnimation() : nil }
    // A line naming the job's preset gets it; any other name goes through the line rules.
    let fromLine = request.preset != nil && request.preset != defaultPreset
    let lineLocale = request.locale ?? locale
    if request.values.count > 1 {
      return (
        line, request.id,
        severalValues(
          request, preset: preset, fromLine: fromLine, options: options, locale: lineLocale)
      )
    }
    let key = RendererKey(
      preset: preset, fields: request.presetFields, fromLine: fromLine, options: options,
      locale: lineLocale, markers: request.markers)
    if let renderer = renderers[key] {
      return (line, request.id, .render(id: request.id, renderer: renderer, value: request.value))
    }
    do {
      let gauge = try BatchJob.adding(
        request.markers,
        to: (fromLine ? lineLibrary : library).gauge(preset, overrides: request.presetFields)
          .choosing(locale: lineLocale, showsZone: showsZone))
      let drawing = drawing
      let renderer = try Inputs.converting { () throws(GaugeError) in
        try BatchRenderer(gauge: gauge, options: options, drawing: drawing)
      }
      // Bounded: a job with endless distinct options does not grow without end, and prepared
      // PNG renderers (4 bytes a pixel and more) not past about 64 MB of canvases.
      if renderers.count >= 256
        || preparedPixels + renderer.preparedPixels > BatchRenderer.pixelBudget
      {
        renderers.removeAll()
        preparedPixels = 0
      }
      renderers[key] = renderer
      preparedPixels += renderer.preparedPixels
      return (line, request.id, .render(id: request.id, renderer: renderer, value: request.value))
    } catch {
      switch error {
      case .usage(let message), .input(let message), .failure(let message):
        // A report of several problems is one line here: each line of a batch is one failure.
        let lines = message.split(separator: "\n").map { $0.drop { $0 == " " } }
        let oneLine = ([lines.prefix(1).joined()] + [lines.dropFirst().joined(separator: "; ")])
          .filter { !$0.isEmpty }.joined(separator: " ")
        return (line, request.id, .failure(oneLine))
      case .signal, .quiet:
        return (line, request.id, .failure("stopped"))
      }
    }
  }

  /// The work of a line with several values: its gauge, checked against them.
  private func severalValues(
    _ request: BatchRequest, preset: String?, fromLine: Bool, options: RenderOptions,
    locale: GaugeLocale?
  ) -> Work {
    do {
      let gauge = try BatchJob.adding(
        request.markers,
        to: (fromLine ? lineLibrary : library).gauge(preset, overrides: request.presetFields)
          .choosing(locale: locale, showsZone: showsZone))
      do {
        try gauge.checkValueCount(request.values.count)
      } catch {
        return .failure("values: " + error.description)
      }
      return .renderValues(id: request.id, gauge: gauge, options: options, values: request.values)
    } catch {
      switch error {
      case .usage(let message), .input(let message), .failure(let message):
        return .failure(
          message.split(separator: "\n").map { $0.drop { $0 == " " } }.joined(separator: " "))
      case .signal, .quiet:
        return .failure("stopped")
      }
    }
  }

  /// `gauge` with a line's `markers` added to the preset's.
  ///
  /// - Throws: `CLIError.input` when together they pass `Gauge.maximumMarkerCount`, naming
  ///   the line's key, as `--marker` names the option.
  private static func adding(_ markers: [GaugeMarker], to gauge: Gauge) throws(CLIError) -> Gauge {
    guard !markers.isEmpty else { return gauge }
    guard gauge.markers.count + markers.count <= Gauge.maximumMarkerCount else {
      throw .input(
        "markers: \(markers.count) given and the preset has \(gauge.markers.count) markers; "
          + "at most \(Gauge.maximumMarkerCount) allowed in all")
    }
    var gauge = gauge
    gauge.markers += markers
    return gauge
  }

  private static func perform(
    _ work: (line: Int, id: String?, work: Work),
    writingTo target: (folder: String, files: any FileAccess)?,
    drawing: BatchDrawing
  ) -> Outcome {
    if case .renderValues(let id, let gauge, let options, let values) = work.work {
      do {
        let image: [UInt8]
        switch drawing.format {
        case .svg: image = try gauge.svgBytes(values: values, options: options)
        case .png: image = try gauge.png(values: values, options: options, scale: drawing.scale)
        }
        guard let target else {
          switch drawing.format {
          case .svg: return .streamed(BatchOutput.jsonLine(id: id, svg: image))
          case .png: return .streamed(BatchOutput.jsonLine(id: id, png: image))
          }
        }
        try target.files.writeAtomically(
          image, to: target.folder + id + drawing.format.fileExtension, durable: false,
          regularOnly: true)
        return .written
      } catch let error as GaugeError {
        return .failed(error.description)
      } catch let error as FileError {
        let reason = "cannot write '\(error.path)': \(error.reason)"
        return error.affectsEveryFile ? .stops(reason) : .failed(reason)
      } catch {
        return .failed("\(error)")
      }
    }
    switch work.work {
    case .failure(let reason):
      return .failed(reason)
    case .render(let id, let renderer, let value):
      let image: [UInt8]
      do {
        image = try renderer.image(value: value)
      } catch {
        return .failed(error.description)
      }
      guard let target else { return .streamed(renderer.jsonLine(id: id, image: image)) }
      do {
        try target.files.writeAtomically(
          image, to: target.folder + id + renderer.fileExtension, durable: false,
          regularOnly: true)
      } catch {
        let reason = "cannot write '\(error.path)': \(error.reason)"
        return error.affectsEveryFile ? .stops(reason) : .failed(reason)
      }
      return .written
    case .skip:
      return .skipped
    case .renderValues:
      return .skipped
    }
  }

  private mutating func fail(line: Int, id: String?, reason: String) {
    failed += 1
    var json = JSONWriter(capacity: 128)
    json.beginObject(compact: true)
    json.key("line")
    json.integer(line)
    json.key("id")
    if let id { json.string(id) } else { json.null() }
    json.key("error")
    json.string(reason)
    json.endObject()
    errorLines.append(contentsOf: json.bytes)
    errorLines.append(UInt8(ascii: "\n"))
    if !reportToFile {
      let shown = id.map { " (id \(TerminalSafe.quote($0)))" } ?? ""
      if showProgress { context.errors.write("\r\u{1B}[K") }
      context.errors.write("gauge batch: line \(line)\(shown): \(TerminalSafe.escaped(reason))\n")
    }
  }

  private mutating func progress() {
    guard showProgress else { return }
    let now = context.events.now()
    guard now - lastProgress >= 0.25 else { return }
    lastProgress = now
    let elapsed = Swift.max(now - started, 1e-9)
    let done = rendered + failed + skipped
    var text =
      "\r\u{1B}[K\(BatchJob.grouped(done)) done, \(BatchJob.grouped(Int(Double(done) / elapsed)))/s, "
    text += "\(BatchJob.grouped(failed)) failed"
    if let inputSize, inputSize > 0, bytesRead > 0 {
      let remaining = elapsed * Double(inputSize - bytesRead) / Double(bytesRead)
      let seconds = Int(remaining.rounded())
      text += ", ETA \(seconds / 60):" + (seconds % 60 < 10 ? "0" : "") + "\(seconds % 60)"
    }
    context.errors.write(text)
  }

  /// Claims `id` for `line`, or returns the earlier line that has it. The one rule for
  /// duplicates: the first line (in input order) with a valid id claims it, whether it then
  /// renders, fails or is skipped; every later line with that id fails as a duplicate.
  private mutating func claim(_ id: String, line: Int) -> Int? {
    if let earlier = claimed[id] { return earlier }
    claimed[id] = line
    return nil
  }

  static func duplicate(_ earlier: Int) -> String {
    "duplicate id; line \(grouped(earlier)) has the same id"
  }
}
