import GaugeKit
@_spi(Service) import GaugePresets
@_spi(Service) import GaugeRender
@_spi(Service) import GaugeSupport

/// `gauge watch`: a live gauge fed from standard input or a command.
struct WatchCommand: DeclaredCommand {
  static let configuration = CommandSummary(
    name: "watch",
    abstract: "Keep a gauge live, fed one value a line from standard input or by a command.",
    discussion:
      "Each new value animates the pointer from where it is. Values that arrive faster than "
      + "the animation are coalesced: the gauge heads for the newest. A line that is not a "
      + "number gets a warning on standard error and is skipped; 'none' shows no data. For a "
      + "preset of several \"pointers\", a line of values separated by commas (120,80) gives "
      + "each pointer its value, drawn still. At the "
      + "end of input the last frame stays and the exit code is 0. Ctrl-C stops it (exit 130). "
      + "Piped or redirected, or when even the smallest gauge would not fit the window, it "
      + "prints the final frame once at the end.",
    examples: [
      "vmstat 1 | while read -r _ _ _ _ _ _ _ _ _ _ _ _ _ _ idle _; do "
        + "case $idle in [0-9]*) echo $((100 - idle)) ;; esac; done | gauge watch cpu",
      "gauge watch disk --exec \"df --output=pcent / | tail -1\" --every 10s",
    ])

  static let arguments: [Argument<WatchCommand>] = [
    .required(
      \.preset, name: "preset|file.json", .text(placeholder: "PRESET"),
      help: Inputs.presetOrFieldsHelp)
  ]

  static let options: [Option<WatchCommand>] =
    TerminalChoices.options(
      glyphs: \.terminal.glyphs, color: \.terminal.color, width: \.terminal.width,
      showLabels: \.terminal.showLabels)
    + [
      .locale(\.locale),
      .showZone(\.showZone),
      .presetFolders(\.presetFolders),
      .value(
        \.command, name: "exec", .text(placeholder: "COMMAND"), absent: "read standard input",
        help: "Run COMMAND (with /bin/sh) for each value: the first number it prints."),
      .value(
        \.every, name: "every", .interval,
        absent: ValueType<Double>.interval.format(defaultInterval), help: "How often --exec runs."),
    ]
    + Option.gaugeFields(
      min: \.fields.min, max: \.fields.max, zones: \.fields.zones, title: \.fields.title,
      unit: \.fields.unit)

  var preset = ""
  var terminal = TerminalChoices()
  var locale: GaugeLocale?
  var showZone = false
  var presetFolders: String?
  var command: String?
  /// Seconds between runs of --exec; given only with it.
  var every: Double?
  static let defaultInterval = 2.0
  var fields = PresetOverrides()

  /// No preset when the options describe the gauge and only the value is given.
  func omits(argument name: String, words: Int) -> Bool {
    name == "preset|file.json" && fields.describesGauge && words < 1
  }

  /// The preset named, or nil for a gauge the options describe alone.
  var presetArgument: String? { preset.isEmpty && fields.describesGauge ? nil : preset }

  mutating func validate() throws(CLIError) {
    if every != nil && command == nil { throw .usage("--every goes with --exec") }
  }

  func run(context: CommandIO) throws(CLIError) {
    let gauge = try Inputs.gauge(
      presetArgument, folders: presetFolders, overrides: fields, context: context
    )
    .choosing(locale: locale, showsZone: showZone)
    var options = terminal.options(context: context)
    options.columns = try terminal.fit([gauge], options: options, context: context).columns
    var session = WatchSession(
      gauge: gauge, options: options, context: context, fixedWidth: terminal.width)
    if let command {
      try session.poll(command, every: every ?? WatchCommand.defaultInterval)
    } else {
      try session.follow()
    }
  }

  /// `2s`, `500ms`, `1m`, or plain seconds; 0.1 s to a day.
  static func interval(_ text: String) throws(ValueError) -> Double {
    try ValueType<Double>.interval.parse(text)
  }
}

/// One run of `gauge watch`: the gauge, where its pointer is, and where it is heading.
struct WatchSession {
  let gauge: Gauge
  private var options: TerminalOptions
  let context: CommandIO
  /// `--width`, which a resize leaves alone; without it the gauge refits the window. A frame
  /// too big for the window is not drawn in place: the view prints the last one at the end.
  let fixedWidth: Int?
  private var view: LiveView
  /// Prepared for the current width; a resize prepares a new one.
  private var renderer: TerminalGaugeRenderer?
  /// The animation under way (or finished), and when it started.
  private var timeline: GaugeTimeline?
  private var started = 0.0
  private var latest: Double?
  /// The newest line's values for a gauge of several pointers; `nil` after a single value.
  private var latestValues: [Double?]?
  /// Each pointer's animation towards `latestValues`, from where it stood (the first line
  /// reveals the ring as a first draw does), and the scene drawn from them for the current
  /// renderer (`nil` until the next redraw prepares it).
  private var valueTimelines: [GaugeTimeline?] = []
  private var valuesScene: Scene?
  private var hasValue = false
  private var lineNumber = 0
  /// Lines of input; a value needs only a few bytes, so longer lines are skipped unread.
  private var pending = LineSplitter(maximumLength: WatchSession.maximumLineLength)

  /// The longest line of input read as a value, in bytes.
  static let maximumLineLength = 4096

  init(gauge: Gauge, options: TerminalOptions, context: CommandIO, fixedWidth: Int? = nil) {
    self.gauge = gauge
    self.options = options
    self.context = context
    self.fixedWidth = fixedWidth
    view = LiveView(context: context)
  }

  /// Acts on a waiting signal: a resize refits the gauge; an interrupt or terminate ends
  /// the run with the cursor restored.
  private mutating func handleSignals() throws(CLIError) {
    guard live, let signal = view.pendingSignal() else { return }
    guard signal == .resize else {
      try view.stop(for: signal)
      return
    }
    if fixedWidth == nil {
      // A window too small for the smallest gauge keeps it: the view holds what won't fit.
      let fit = try TerminalChoices().fit([gauge], options: options, context: context)
      if fit.columns != options.columns {
        options.columns = fit.columns
        renderer = nil
        valuesScene = nil
      }
    }
  }

  private var live: Bool { context.stdoutIsTerminal }

  /// Reads values from standard input until it ends.
  mutating func follow() throws(CLIError) {
    var inputOpen = true
    while true {
      // Signals first: Ctrl-C also ends the command feeding us, which looks like the end
      // of input, and must still exit 130.
      try handleSignals()
      let animating = context.events.now() - started < animationDuration
      if live { try redraw() }
      if !inputOpen && !animating { break }
      guard inputOpen else {
        context.events.sleep(milliseconds: LiveView.frameMilliseconds)
        continue
      }
      // Animating: wake for the next frame; idle: wake now and then to notice signals.
      let wait: Int32 = animating ? LiveView.frameMilliseconds : (live ? 100 : -1)
      guard context.input.wait(milliseconds: wait) else { continue }
      guard let chunk = context.input.read() else {
        inputOpen = false
        if let line = pending.finish() { try take(line) }
        continue
      }
      pending.append(chunk)
      // Every complete line counts, but only the newest value steers the pointer.
      while let line = pending.next() { try take(line) }
    }
    try handleSignals()
    try finish()
  }

  /// Runs `command` every `interval` seconds until interrupted.
  mutating func poll(_ command: String, every interval: Double) throws(CLIError) {
    var next = context.events.now()
    while true {
      let now = context.events.now()
      if now >= next {
        next = now + interval
        guard let result = context.events.run(command) else {
          throw .failure("cannot run '\(command)'")
        }
        if let number = WatchSession.firstNumber(in: result.output) {
          retarget(number)
        } else {
          try warn("'\(command)' printed no number")
        }
      }
      if live { try redraw() }
      guard live else {
        try finish()
        return
      }
      try handleSignals()
      context.events.sleep(milliseconds: LiveView.frameMilliseconds)
    }
  }

  private mutating func take(_ line: LineSplitter.Line) throws(CLIError) {
    lineNumber += 1
    guard case .complete(let bytes) = line else {
      if case .overlong(let length) = line {
        try warn(
          "line \(lineNumber): the line is \(BatchJob.grouped(length)) bytes; at most "
            + "\(BatchJob.grouped(WatchSession.maximumLineLength)) allowed; skipped")
      }
      return
    }
    let text = String(decoding: bytes, as: UTF8.self).trimmingSpaces
    guard !text.isEmpty else { return }
    if text.contains(","), gauge.valueCount > 1 {
      try takeValues(text)
      return
    }
    // `50%` reads as from --exec: a percentage is its number.
    let number = text.hasSuffix("%") ? text.dropLast() : Substring(text)
    do {
      retarget(try GaugeValueText.read(number))
    } catch {
      try warn("line \(lineNumber): \(error.message(quoted: TerminalSafe.quote(text))); skipped")
    }
  }

  /// `120,80` for a gauge of several pointers: one value a pointer, each pointer heading
  /// from where it stands to its value and each line counting with it (the first line
  /// sweeps from the start and reveals the ring, as `gauge show` does); a line with a word
  /// that is not a number, or more values than pointers, gets a warning and is skipped.
  private mutating func takeValues(_ text: String) throws(CLIError) {
    var values: [Double?] = []
    for word in text.split(separator: ",", omittingEmptySubsequences: false) {
      let word = String(word).trimmingSpaces
      do {
        values.append(try GaugeValueText.read(word))
      } catch {
        try warn("line \(lineNumber): \(error.message(quoted: TerminalSafe.quote(word))); skipped")
        return
      }
    }
    do {
      try gauge.checkValueCount(values.count)
    } catch {
      try warn("line \(lineNumber): \(error.description); skipped")
      return
    }
    let now = context.events.now()
    let first = !hasValue
    // Where each pointer stands now: on its animation, at its last value, or the single
    // value's pointer for the first.
    let standing = values.indices.map { index -> Double? in
      if index < valueTimelines.count, let timeline = valueTimelines[index] {
        return timeline.frame(at: now - started).value
      }
      if let latestValues, index < latestValues.count { return latestValues[index] }
      if index == 0, latestValues == nil {
        return timeline.flatMap { $0.frame(at: now - started).value } ?? latest
      }
      return nil
    }
    hasValue = true
    latest = values.first ?? nil
    latestValues = values
    valueTimelines = values.indices.map { index in
      try? GaugeTimeline(
        gauge: gauge, from: standing[index], to: values[index], revealsSectors: first)
    }
    valuesScene = nil
    timeline = nil
    started = now
  }

  /// Seconds the current animation lasts from `started`; 0 without one.
  private var animationDuration: Double {
    if latestValues != nil {
      return valueTimelines.compactMap { $0?.duration }.max() ?? 0
    }
    return timeline?.duration ?? 0
  }

  /// Heads for `value` from wherever the pointer is now.
  private mutating func retarget(_ value: Double?) {
    let now = context.events.now()
    // The first pointer heads on from where it stands, after several values too.
    let current =
      latestValues == nil
      ? timeline.flatMap { $0.frame(at: now - started).value }
      : valueTimelines.first.flatMap { $0?.frame(at: now - started).value }
        ?? latestValues?.first ?? nil
    latestValues = nil
    valueTimelines = []
    valuesScene = nil
    let first = !hasValue
    hasValue = true
    latest = value
    timeline = try? GaugeTimeline(
      gauge: gauge, from: current, to: value, revealsSectors: first)
    started = now
  }

  private mutating func redraw() throws(CLIError) {
    let elapsed = context.events.now() - started
    if renderer == nil {
      let (gauge, options) = (self.gauge, self.options)
      renderer = try Inputs.converting { () throws(GaugeError) in
        try TerminalGaugeRenderer(gauge: gauge, options: options)
      }
    }
    guard let renderer else { return }
    if let latestValues {
      if valuesScene == nil {
        let timelines = valueTimelines
        valuesScene = try Inputs.converting { () throws(GaugeError) in
          try renderer.scene(values: latestValues, timelines: timelines)
        }
      }
      if let valuesScene { view.draw(renderer.frame(valuesScene, at: elapsed)) }
    } else if let timeline {
      view.draw(renderer.frame(value: latest, timeline: timeline, at: elapsed))
    } else {
      view.draw(renderer.frame(value: latest))
    }
  }

  /// A warning on standard error; on a terminal the gauge steps aside for it.
  private mutating func warn(_ message: String) throws(CLIError) {
    if live && context.stderrIsTerminal { view.erase() }
    context.errors.write("gauge: warning: \(TerminalSafe.escaped(message))\n")
  }

  private mutating func finish() throws(CLIError) {
    if live {
      try redraw()
      view.finish()
      return
    }
    let (gauge, options, values) = (self.gauge, self.options, latestValues)
    let frame = try Inputs.converting { () throws(GaugeError) in
      guard let values else { return try gauge.terminalFrame(value: latest, options: options) }
      return try TerminalGaugeRenderer(gauge: gauge, options: options).frame(values: values)
    }
    context.output.write(options.depth == .none ? frame.plain() : frame.ansi())
  }

  /// The first number in a command's output: "42", "42%", "load: 0.75".
  static func firstNumber(in text: String) -> Double? {
    var token = ""
    for character in text + " " {
      if character.isNumber || character == "." || (character == "-" && token.isEmpty) {
        token.append(character)
      } else {
        if let value = FiniteNumber.parse(token) { return value }
        token = ""
      }
    }
    return nil
  }
}

extension String {
  fileprivate var trimmingSpaces: String {
    String(
      drop { $0 == " " || $0 == "\t" || $0 == "\r" }.reversed().drop {
        $0 == " " || $0 == "\t" || $0 == "\r"
      }.reversed())
  }
}
