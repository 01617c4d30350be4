import Foundation
import GaugeKit
import Testing

@testable import GaugeCLI

/// Where a dashboard's numbers come from: Prometheus's answers, JSON pointers, commands,
/// files and `NAME VALUE` lines, and what each says when it fails.
@Suite struct DashboardSourceTests {
  static func answer(_ json: String, status: Int = 200) -> Result<Double?, SourceFault> {
    Result { () throws(SourceFault) in
      try PrometheusAnswer.value(status: status, body: Array(json.utf8))
    }
  }

  @Test func prometheusAnswers() {
    #expect(
      DashboardSourceTests.answer(
        #"{"status":"success","data":{"resultType":"vector","result":[{"metric":{},"value":[1700000000.5,"12.25"]}]}}"#
      ) == .success(12.25))
    #expect(
      DashboardSourceTests.answer(
        #"{"status":"success","data":{"resultType":"scalar","result":[1700000000,"3"]}}"#)
        == .success(3))
    #expect(
      DashboardSourceTests.answer(
        #"{"status":"success","data":{"resultType":"vector","result":[{"metric":{},"value":[1,"NaN"]}]}}"#
      ) == .success(nil))
    #expect(
      DashboardSourceTests.answer(
        #"{"status":"success","data":{"resultType":"vector","result":[{"metric":{},"value":[1,"+Inf"]}]}}"#
      ) == .success(nil))
    // A sample is read as a gauge's value is everywhere: `none` is no data too.
    #expect(
      DashboardSourceTests.answer(
        #"{"status":"success","data":{"resultType":"vector","result":[{"metric":{},"value":[1,"none"]}]}}"#
      ) == .success(nil))
    // A NUL in the sample's text is no number, where C's strtod would stop at it and read 4.
    #expect(
      DashboardSourceTests.answer(
        #"{"status":"success","data":{"resultType":"vector","result":[{"metric":{},"value":[1,"4\u0000"]}]}}"#
      )
        == .failure(
          SourceFault(
            "the answer's sample: '4\\u{0}' is not a number; "
              + "give a number such as 42, or 'none' for no data")))
    #expect(
      DashboardSourceTests.answer(
        #"{"status":"success","data":{"resultType":"vector","result":[{"metric":{"cpu":"0"},"value":[1,"1"]},{"metric":{"cpu":"1"},"value":[1,"2"]},{"metric":{"cpu":"2"},"value":[1,"3"]}]}}"#
      )
        == .failure(
          SourceFault(
            "the query returned 3 series; aggregate them to one, such as with sum(…), avg(…) or "
              + "max(…)")))
    #expect(
      DashboardSourceTests.answer(
        #"{"status":"success","data":{"resultType":"vector","result":[]}}"#)
        == .failure(SourceFault("the query returned no series")))
    #expect(
      DashboardSourceTests.answer(
        #"{"status":"error","errorType":"bad_data","error":"invalid parameter \"query\": 1:4: parse error: unexpected \u001b"}"#,
        status: 400)
        == .failure(
          SourceFault(
            #"bad_data: invalid parameter "query": 1:4: parse error: unexpected \u{1B}"#)))
    #expect(
      DashboardSourceTests.answer(
        #"{"status":"success","data":{"resultType":"matrix","result":[]}}"#)
        == .failure(
          SourceFault(
            "the query returned a range vector; ask for an instant vector (rate(…[1m]), not …[1m])"
          )))
    #expect(
      DashboardSourceTests.answer("<html>404</html>", status: 404)
        == .failure(SourceFault("HTTP 404; is this a Prometheus server?")))
  }

  @Test func queryURLsAreEncoded() {
    #expect(
      SourceFetcher.queryURL(server: "http://p:9090/", query: #"sum(rate(x{a="b c"}[1m]))"#)
        == "http://p:9090/api/v1/query?query=sum%28rate%28x%7Ba%3D%22b%20c%22%7D%5B1m%5D%29%29")
  }

  static func json(_ body: String, _ pointer: String) -> Result<Double?, SourceFault> {
    Result { () throws(SourceFault) in
      try SourceFetcher.number(inJSON: Array(body.utf8), pointer: pointer)
    }
  }

  @Test func jsonPointersToNumbers() {
    let body = #"{"queue": {"depth": 17, "text": " 42% ", "none": null, "list": [1.5]}}"#
    #expect(DashboardSourceTests.json(body, "/queue/depth") == .success(17))
    #expect(DashboardSourceTests.json(body, "/queue/text") == .success(42))
    #expect(DashboardSourceTests.json(body, "/queue/none") == .success(nil))
    #expect(DashboardSourceTests.json(body, "/queue/list/0") == .success(1.5))
    #expect(DashboardSourceTests.json("7", "") == .success(7))
    #expect(
      DashboardSourceTests.json(body, "/queue")
        == .failure(SourceFault("not a number: /queue is an object")))
    #expect(
      DashboardSourceTests.json(body, "/queue/size")
        == .failure(SourceFault("/queue has no key \"size\"")))
    #expect(
      DashboardSourceTests.json(#"{"a": "high"}"#, "/a")
        == .failure(
          SourceFault("'high' is not a number; give a number such as 42, or 'none' for no data")))
    #expect(
      DashboardSourceTests.json("<html>", "/a")
        == .failure(
          SourceFault("the answer is not JSON: invalid JSON: unexpected '<'; expected a value")))
  }

  @Test func commandsAndFiles() {
    func command(_ output: String, status: Int32 = 0, errors: String = "", signal: Int32? = nil)
      -> Result<Double?, SourceFault>
    {
      let result = ChildProcess.Result(
        output: Array(output.utf8), errors: Array(errors.utf8), status: status, signal: signal)
      return Result { () throws(SourceFault) in try SourceFetcher.number(fromCommand: result) }
    }
    #expect(command("50%\n") == .success(50))
    #expect(command("load: 0.75\n") == .success(0.75))
    #expect(command("none\n") == .success(nil))
    #expect(command("") == .failure(SourceFault("the command printed nothing")))
    #expect(command("abc\ndef\n") == .failure(SourceFault("not a number: 'abc'")))
    #expect(
      command("", status: 2, errors: "df: /x: No such file\nmore\n")
        == .failure(SourceFault("exited with status 2: df: /x: No such file")))
    #expect(command("", status: 137, signal: 9) == .failure(SourceFault("killed by signal 9")))
  }

  @Test func nameValueLines() {
    #expect(SourceFetcher.number(exactly: "42") == .some(42))
    #expect(SourceFetcher.number(exactly: " 50% ") == .some(50))
    #expect(SourceFetcher.number(exactly: "none") == .some(nil))
    #expect(SourceFetcher.number(exactly: "NaN") == .some(nil))
    #expect(SourceFetcher.number(exactly: "4 2") == nil)
    #expect(SourceFetcher.number(exactly: "high") == nil)
    // Read as `FiniteNumber` reads a value: an infinity is no data, a NUL (where C's strtod
    // would stop and read 42) no number.
    #expect(SourceFetcher.number(exactly: "1e400") == .some(nil))
    #expect(SourceFetcher.number(exactly: "42\u{0}") == nil)
    #expect(SourceFetcher.number(exactly: "42\u{0}7") == nil)
  }

  @Test func retriesBackOff() {
    let source = DashboardSource(kind: .stdin, every: 2)
    #expect((0...8).map { source.delay(afterFailures: $0) } == [2, 2, 4, 8, 16, 32, 60, 60, 60])
    let slow = DashboardSource(kind: .stdin, every: 120)
    #expect(slow.delay(afterFailures: 5) == 120)
  }

  // MARK: - The built binary, --once

  /// Runs the built `gauge dashboard FILE --once --json` on a dashboard of `gauges`.
  static func once(_ gauges: String, stdin: String? = nil, extra: [String] = []) throws -> Run {
    let path = try DashboardFormatTests.file("board.json", #"{"gauges": [\#(gauges)]}"#)
    return try runBinary(["dashboard", path, "--once", "--json"] + extra, stdin: stdin)
  }

  @Test func everyKindOnceWithExitCodes() throws {
    let folder = try temporaryFolder()
    let file = folder.appendingPathComponent("value.txt")
    try Data("87.5\n".utf8).write(to: file)
    let run = try DashboardSourceTests.once(
      """
      {"name": "c", "preset": "cpu", "source": {"exec": "echo 37%"}},
      {"name": "f", "preset": "memory", "source": {"file": "\(file.path)"}},
      {"name": "s", "preset": "stress", "source": "stdin"},
      {"name": "n", "preset": "stress", "source": {"file": "\(folder.path)/missing"}}
      """, stdin: "x 1\ns 42\n")
    #expect(run.errors == "")
    #expect(
      run.output == """
        {"name": "c", "value": 37, "zone": "Normal", "state": "ok", "source": "exec echo 37%", "error": null}
        {"name": "f", "value": 87.5, "zone": "High", "state": "ok", "source": "file \(file.path)", "error": null}
        {"name": "s", "value": 42, "zone": "Normal", "state": "ok", "source": "stdin", "error": null}
        {"name": "n", "value": null, "zone": null, "state": "failed", "source": "file \(folder.path)/missing", "error": "no such file or directory"}

        """)
    #expect(run.code == 3)
  }

  @Test func alertLevelsGiveTheExitCode() throws {
    let warning = try DashboardSourceTests.once(
      #"{"preset": "cpu", "source": {"exec": "echo 80"}, "alert": {"warning": ["Busy"], "critical": ["Saturated"]}}"#
    )
    #expect(warning.code == 1)
    #expect(warning.output.contains(#""zone": "Busy", "state": "warning""#))
    let critical = try DashboardSourceTests.once(
      #"{"preset": "cpu", "source": {"exec": "echo 95"}, "alert": {"warning": ["Busy"], "critical": ["Saturated"]}},"#
        + #"{"preset": "disk", "source": {"exec": "exit 1"}}"#)
    #expect(critical.code == 2)
    let fine = try DashboardSourceTests.once(
      #"{"preset": "cpu", "source": {"exec": "echo 10"}, "alert": {"warning": ["Busy"]}}"#)
    #expect(fine.code == 0)
    #expect(
      fine.output
        == #"{"name": "cpu", "value": 10, "zone": "Normal", "state": "ok", "source": "exec echo 10", "error": null}"#
        + "\n")
  }

  /// A hung command is killed at its timeout, with its children; the others keep their values.
  @Test func aHungSourceTimesOutAndTheOthersStillAnswer() throws {
    let run = try DashboardSourceTests.once(
      """
      {"name": "hung", "preset": "cpu", "source": {"exec": "sleep 30; echo 1", "timeout": "500ms"}},
      {"name": "ok", "preset": "cpu", "source": {"exec": "echo 5"}},
      {"name": "web", "preset": "cpu", "source": {"http": "http://127.0.0.1:9/x", "timeout": "2s"}}
      """)
    #expect(run.code == 3)
    let lines = run.output.split(separator: "\n")
    #expect(lines.count == 3)
    #expect(
      lines[0].hasSuffix(
        #""state": "failed", "source": "exec sleep 30; echo 1", "error": "timed out after 0.5 s"}"#)
    )
    #expect(lines[1].contains(#""value": 5, "zone": "Normal", "state": "ok""#))
    #expect(lines[2].hasSuffix(#""error": "connection refused"}"#))
  }

  @Test func aFrameOnceWithFaultsInWords() throws {
    let path = try DashboardFormatTests.file(
      "board.json",
      """
      {"title": "Board", "gauges": [{"name": "c", "preset": "cpu", "source": {"exec": "echo 37"}},
       {"name": "d", "preset": "disk", "source": {"exec": "echo oops"}}]}
      """)
    let run = try runBinary(["dashboard", path, "--once", "--glyphs", "ascii"])
    #expect(run.code == 3)
    let lines = run.output.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.first == "Board")
    // Piped with no COLUMNS: 40 cells a gauge, one under the other, each with its status.
    #expect(lines.contains { $0.contains("CPU") })
    #expect(lines.contains { $0.contains("Disk") })
    #expect(lines.contains { $0.trimmingCharacters(in: .whitespaces) == "c" })
    #expect(lines.contains { $0.trimmingCharacters(in: .whitespaces) == "not a number: 'oops'" })
    #expect(!run.output.contains("\u{1B}"))
  }
}
