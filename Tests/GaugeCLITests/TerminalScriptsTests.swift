import Foundation
import GaugeText
import Testing

/// Titles in many scripts and emoji, drawn by the built `gauge` binary: no line of what it
/// prints may be wider than the frame asked for, counted in cells as a terminal that follows
/// wcwidth counts them.
@Suite struct TerminalScriptsTests {
  static let titles: [(String, String)] = [
    ("Russian", "Загрузка процессора сервера"),
    ("Greek", "Φορτίο επεξεργαστή διακομιστή"),
    ("Georgian", "პროცესორის დატვირთვა სერვერზე"),
    ("Armenian", "Պրոցեսորի բեռնվածություն"),
    ("Japanese", "プロセッサの負荷状況（サーバー）"),
    ("Chinese (Simplified)", "服务器处理器负载监控"),
    ("Chinese (Traditional)", "伺服器處理器負載監控"),
    ("Korean", "서버 프로세서 부하 상태"),
    ("Vietnamese", "Tải bộ xử lý của máy chủ"),
    ("Vietnamese, decomposed", "Ta\u{309}i bo\u{323}\u{302} xu\u{31B}\u{309} ly\u{301}"),
    ("emoji", "🔥 Load 🚀 now ❤️ ✅"),
    ("emoji ZWJ", "👩‍💻 dev 👨‍👩‍👧‍👦 home 🏳️‍🌈 🇯🇵 1️⃣ 👍🏽"),
    ("mixed", "CPU 負荷 Загрузка 👩‍💻 Ψ"),
  ]

  static let widths = [20, 23, 31, 40, 57]

  /// `output` without its colour escapes (CSI sequences: ESC, "[", parameters, a final byte).
  static func withoutEscapes(_ output: String) -> String {
    var result = String.UnicodeScalarView()
    var scalars = output.unicodeScalars.makeIterator()
    while let scalar = scalars.next() {
      guard scalar == "\u{1B}" else {
        result.append(scalar)
        continue
      }
      guard scalars.next() == "[" else { continue }
      while let next = scalars.next(), !(0x40...0x7E).contains(next.value) {}
    }
    return String(result)
  }

  /// A preset file extending `stress` with `title`, in a fresh folder.
  static func preset(titled title: String) throws -> String {
    try preset("\"title\": \"\(title)\"")
  }

  /// A preset file extending `stress` with `members` (JSON object members), in a fresh folder.
  static func preset(_ members: String) throws -> String {
    let folder = try temporaryFolder()
    let url = folder.appendingPathComponent("titled.json")
    try Data("{\"extends\": \"stress\", \(members)}".utf8).write(to: url)
    return url.path
  }

  /// The widest line `gauge show` prints, in cells, escapes left out.
  static func widestLine(_ arguments: [String]) throws -> Int {
    let run = try runBinary(["show"] + arguments)
    #expect(run.code == 0, "\(run.errors)")
    return Self.withoutEscapes(run.output).split(separator: "\n").map {
      CellWidth.of(String($0))
    }.max() ?? 0
  }

  /// wcwidth counts some clusters wider than two cells: a run of old Hangul leading
  /// consonants ("ᄀᄀ", 4 cells) or a spacing mark after a wide character ("語ः", 3).
  /// Every cell such a cluster spans prints nothing, or the line grows by the difference
  /// (as it did when `TerminalFrame.write` blanked only one cell after a cluster).
  @Test func clustersWiderThanTwoCellsStayInsideTheFrame() throws {
    let jamo = try Self.preset("\"title\": \"\", \"readout\": {\"prefix\": \"ᄀᄀ\"}")
    let mark = try Self.preset(titled: "語ः語ः")
    let jamoWidest = try Self.widestLine([jamo, "100", "--width", "47"])
    let markWidest = try Self.widestLine([mark, "42", "--width", "40"])
    #expect(jamoWidest <= 47)
    #expect(markWidest <= 40)
  }

  @Test(arguments: titles)
  func noLineIsWiderThanTheFrame(language: String, title: String) throws {
    let path = try Self.preset(titled: title)
    for width in Self.widths {
      for colour in ["never", "truecolor"] {
        let run = try runBinary(
          ["show", path, "42", "--width", "\(width)", "--color", colour])
        #expect(run.code == 0, "\(language) at \(width): \(run.errors)")
        let lines = Self.withoutEscapes(run.output).split(separator: "\n")
        #expect(!lines.isEmpty)
        for line in lines {
          let cells = CellWidth.of(String(line))
          #expect(
            cells <= width, "\(language), \(colour), width \(width): \(cells) cells in '\(line)'")
        }
        // Nothing invisible or controlling is left but our own escapes.
        #expect(
          !Self.withoutEscapes(run.output).unicodeScalars.contains { scalar in
            scalar != "\n" && InvisibleScalars.isForbiddenControl(scalar)
          })
      }
    }
  }

  @Test func aDashboardOfTitlesInManyScriptsStaysInsideTheWindow() throws {
    let paths = try Self.titles.map { try Self.preset(titled: $0.1) }
    for columns in [60, 100, 133] {
      let run = gauge(
        ["show"] + paths.map { "\($0)=42" }, environment: ["COLUMNS": "\(columns)"])
      #expect(run.code == 0, "\(run.errors)")
      for line in Self.withoutEscapes(run.output).split(separator: "\n") {
        #expect(CellWidth.of(String(line)) <= columns, "\(columns) columns: '\(line)'")
      }
    }
  }

  @Test func aPieChartWithTitlesAndLabelsInManyScriptsStaysInsideTheWindow() {
    let items = Self.titles.enumerated().map { "\($0.element.1)=\($0.offset + 1)" }
    for columns in [30, 50, 80] {
      let run = gauge(
        ["pie", "--format", "text", "--title", Self.titles[11].1] + items,
        environment: ["COLUMNS": "\(columns)"])
      #expect(run.code == 0, "\(run.errors)")
      #expect(run.output.contains("%"))
      for line in Self.withoutEscapes(run.output).split(separator: "\n") {
        #expect(CellWidth.of(String(line)) <= columns, "\(columns) columns: '\(line)'")
      }
    }
  }

  @Test func theEscapeStripperRemovesColoursOnly() {
    #expect(Self.withoutEscapes("\u{1B}[0;38;2;1;2;3ma\u{1B}[0mb語") == "ab語")
  }
}
