import GaugeKit

/// `gauge batch`: many gauges from JSON Lines, on every core (or `--jobs`).
struct BatchCommand: DeclaredCommand {
  static let configuration = CommandSummary(
    name: "batch",
    abstract: "Render many gauges from JSON Lines: one SVG or PNG per line, on every core.",
    discussion:
      "Each line is {\"id\": \"user-123\", \"preset\": \"stress\", \"value\": 42} with optional "
      + "size, width, height, theme, title, animate, reference (a past value: a ghost pointer "
      + "and the change since it), range ([low, high], a band along the ring) and markers "
      + "([{\"value\": 30, \"label\": \"Goal\"}], added to the preset's); options give "
      + "the defaults. A line's min, max, zones ([\"Low:60:#34C759\", …]) and unit replace its "
      + "preset's; with min, max and zones it needs no preset; \"values\": [120, 80] gives a "
      + "gauge of several pointers one value each. Ids become "
      + "file names, so they may only use letters, digits, '.', '_' and '-', and not start with "
      + "'.'. The first line with an id claims it, even if that line fails; a later line with "
      + "the same id fails as a duplicate. Lines that fail are reported with their line number, "
      + "id and reason (on standard error, or as JSON Lines with --errors) and the rest are "
      + "still rendered; the run ends "
      + "with a summary and exit code 1 if any line failed. A full or read-only disk stops the "
      + "run after the chunk of \(chunkSize) lines it is in. Memory stays bounded: input is read in "
      + "chunks. With --format png, --jsonl lines carry the PNG file in base64 (RFC 4648, "
      + "with padding) as {\"id\": …, \"png\": …}.",
    examples: [
      "gauge batch users.jsonl --out-dir gauges/",
      "gauge batch users.jsonl --out-dir gauges/ --format png --scale 2 --jobs 4",
      "gauge batch --preset stress --jsonl < users.jsonl > gauges.jsonl",
    ])

  static let arguments: [Argument<BatchCommand>] = [
    .optional(
      \.file, name: "file.jsonl", .path(placeholder: "FILE"),
      help: "The input; standard input when absent or '-'.")
  ]

  static let options: [Option<BatchCommand>] =
    [
      .value(
        \.outDir, name: "out-dir", .path(placeholder: "DIR"),
        help:
          "Write DIR/<id>.svg (or .png) for each line, each file whole or not at all; DIR is "
          + "made if missing."),
      .flag(
        \.jsonl, name: "jsonl",
        help:
          "Stream {\"id\": …, \"svg\": …} lines ({\"id\": …, \"png\": BASE64} with --format "
          + "png) to standard output, in input order."),
      .value(
        \.preset, name: "preset", .text(placeholder: "NAME"),
        help: "The preset for lines without one."),
      .value(
        \.errors, name: "errors", .path(placeholder: "FILE"), absent: "standard error",
        help: "Write failures to FILE as JSON Lines ('-': standard output, with --out-dir)."),
      .flag(
        \.skipExisting, name: "skip-existing",
        help: "With --out-dir, leave lines whose file exists (to resume a run)."),
      .flag(
        \.progress, name: "progress",
        help: "Show progress on standard error even when it is not a terminal."),
      .theme(\.defaults.theme, help: "The colours for lines without a theme."),
      .flag(\.animate, name: "animate", help: "Animate every gauge from the domain's min."),
      .locale(\.locale),
      .showZone(\.showZone),
      .presetFolders(\.presetFolders),
      .flag(
        \.allowPresetPaths, name: "allow-preset-paths",
        help:
          "Let lines name preset files by path; without it a line's preset is a built-in "
          + "name or a name in --preset-dir, and no other file is read."),
      .value(
        \.jobs, name: "jobs", .integer(1...maximumJobs, placeholder: "N"), absent: "every core",
        help: "Render on N threads at once."),
      .value(
        \.shard, name: "shard", .text(placeholder: "K/N"), absent: "every line",
        help:
          "Render only part K of N (K in 1...N): lines K, K+N, K+2N, …, so N runs with K = 1 "
          + "to N render every line once. N alone takes K from JOB_COMPLETION_INDEX + 1 "
          + "(a Kubernetes Indexed Job's 0-based index)."),
    ] + Option.imageSize(size: \.image.size, width: \.image.width, height: \.image.height)
    + Option.imageFormat(\.format, scale: \.scale, absent: "svg")
    + Option.fonts(\.fonts, noSystemFonts: \.noSystemFonts)

  /// Lines rendered together: enough to keep every core busy, few enough to bound memory.
  static let chunkSize = 512
  /// The most bytes of lines rendered together (a chunk ends at whichever bound comes first).
  static let chunkBytes = 4 << 20
  /// The most PNG pixels of a chunk rendered before its images are streamed out: two 8192 px
  /// images, so a streamed job holds the images (and their base64 lines) of at most that
  /// many pixels, however many lines a chunk has. Files written to --out-dir are not held.
  static let streamedPixels = 2 * 8192 * 8192
  /// The most threads `--jobs` may ask for: a chunk of 512 lines gives 64 threads 8 lines
  /// each, and each thread holds one image's buffers (up to 0.6 GB for an 8192 px PNG).
  static let maximumJobs = 64

  var file: String?
  var outDir: String?
  var jsonl = false
  var preset: String?
  var errors: String?
  var skipExisting = false
  var progress = false
  var animate = false
  var locale: GaugeLocale?
  var showZone = false
  var presetFolders: String?
  var allowPresetPaths = false
  var image = ImageSize()
  var jobs: Int?
  var shard: String?
  var format: ImageFormat?
  var scale: Double?
  var fonts: [String] = []
  var noSystemFonts = false
  /// The image options for lines that set none of their own.
  var defaults = RenderOptions()

  mutating func validate() throws(CLIError) {
    guard (outDir != nil) != jsonl else {
      throw .usage("give exactly one of --out-dir DIR and --jsonl")
    }
    if skipExisting && outDir == nil { throw .usage("--skip-existing goes with --out-dir") }
    if jsonl && errors == "-" {
      throw .usage("--errors - would mix failures into the --jsonl stream; give a file")
    }
    if scale != nil && format != .png {
      throw .usage("--scale applies to PNG output; add --format png")
    }
    (defaults.width, defaults.height) = image.resolved
    if animate { defaults.animation = SVGAnimation() }
  }

  /// Refuses an `--errors` file that could never be written, before any line: a folder, or a
  /// file in a folder that does not exist. (The process's own streams are always there.)
  static func checkErrorsFile(_ path: String, files: any FileAccess) throws(CLIError) {
    guard path != "-", !path.hasPrefix("/dev/"), !path.hasPrefix("/proc/self/fd/") else {
      return
    }
    if files.fileExists(path + "/.") {
      throw .input("cannot use --errors '\(path)': it is a folder; give a file")
    }
    guard let slash = path.lastIndex(of: "/") else { return }
    let folder = slash == path.startIndex ? "/" : String(path[..<slash])
    guard files.fileExists(folder + "/.") else {
      throw .input("cannot use --errors '\(path)': the folder '\(folder)' does not exist")
    }
  }

  func run(context: CommandIO) throws(CLIError) {
    if let outDir {
      // Checked once, here, rather than failing every line of a million-line job.
      do {
        try context.files.makeFolder(outDir)
      } catch {
        throw .input("cannot use --out-dir '\(error.path)': \(error.reason)")
      }
    }
    if let errors { try Self.checkErrorsFile(errors, files: context.files) }
    let source: (input: any InputSource, size: Int?)
    var inputIdentity: FileIdentity?
    if let file, file != "-" {
      inputIdentity = context.files.identity(of: file)
      if let errors, let inputIdentity, context.files.identity(of: errors) == inputIdentity {
        throw .usage("--errors names the input file '\(errors)'; give another file")
      }
      do {
        let opened = try context.files.open(file)
        source = (opened.input, opened.size)
      } catch {
        throw .input("cannot read '\(error.path)': \(error.reason)")
      }
    } else {
      source = (context.input, nil)
    }
    let part = try shard.map { text throws(CLIError) in
      try BatchShard(text, jobIndex: context.environment["JOB_COMPLETION_INDEX"])
    }
    let library = PresetLibrary(folders: presetFolders, context: context)
    // The job's preset is checked once, here, rather than failing every line without one.
    if let preset {
      do {
        _ = try library.gauge(preset)
      } catch .input(let message) {
        throw .input("--preset: \(message)")
      }
    }
    var defaults = self.defaults
    defaults.fonts = try Inputs.fontSet(fonts, noSystemFonts: noSystemFonts, context: context)
    // One chunk's memory is reused from chunk to chunk rather than returned and refaulted.
    ProcessFacts.keepFreedMemory(upTo: 32 << 20)
    var job = BatchJob(
      context: context, library: library,
      lineLibrary: PresetLibrary(
        folders: presetFolders, context: context, allowsPaths: allowPresetPaths),
      defaultPreset: preset, defaults: defaults, outDir: outDir,
      skipExisting: skipExisting, inputSize: source.size,
      drawing: BatchDrawing(
        format: format ?? .svg, scale: scale ?? 1,
        jobs: min(jobs ?? ProcessFacts.coreCount(), BatchCommand.maximumJobs)),
      showProgress: progress || context.stderrIsTerminal, reportToFile: errors != nil,
      input: inputIdentity.map { ($0, String(file?.split(separator: "/").last ?? "")) },
      shard: part, locale: locale, showsZone: showZone)
    job.run(source.input)
    if let errors {
      let target: OutputTarget = errors == "-" ? .standardOutput : .file(errors)
      do {
        try target.write(job.errorLines, through: context)
      } catch {
        // The failures are not lost with their file: they go to standard error, as without
        // --errors, before the summary and the write's own error.
        context.errors.write(job.errorLines)
        context.errors.write(job.summary + "\n")
        throw error
      }
    }
    Inputs.warnSkippedSystemFonts(defaults.fonts, context: context)
    context.errors.write(job.summary + "\n")
    if job.failed > 0 { throw .quiet(CLIError.failureExitCode) }
  }
}
