import Testing

@testable import GaugeService

@Suite("Parameters: a query's names and values")
struct ParametersTests {
  /// `query` split as URLSearchParams splits it, scalar by scalar: the reference that the
  /// service's byte-by-byte split must agree with. Nil when a name comes twice.
  private static func scalarSplit(_ query: String) -> [String: String]? {
    var values: [String: String] = [:]
    for pair in query.unicodeScalars.split(separator: "&") {
      let equals = pair.firstIndex(of: "=")
      let name = String(equals.map { pair[..<$0] } ?? pair)
      guard values[name] == nil else { return nil }
      values[name] = equals.map { String(pair[pair.index(after: $0)...]) } ?? ""
    }
    return values
  }

  /// Whether `parameters` holds exactly `values`, and nothing else.
  private static func holds(_ parameters: Parameters, _ values: [String: String]) -> Bool {
    guard (try? parameters.check(allowed: Array(values.keys))) != nil else { return false }
    return values.allSatisfy { name, value in
      (try? parameters.text(name, limit: .max)) == value
    }
  }

  @Test(
    "names and values, ASCII or not",
    arguments: [
      ("a=1&&b=2=3&c", ["a": "1", "b": "2=3", "c": ""]),
      ("=x&y=", ["": "x", "y": ""]),
      ("&&&", [:]),
      ("t=%C3%A9&u=a+b", ["t": "é", "u": "a b"]),
      ("t=é&u=2", ["t": "é", "u": "2"]),
      // An accent right after `&` or `=` joins it into one character, yet the byte splits,
      // as URLSearchParams splits it; the accent begins the next name or value.
      ("t=a&\u{301}b=1", ["t": "a", "\u{301}b": "1"]),
      ("t\u{301}=\u{301}1&=\u{301}", ["t\u{301}": "\u{301}1", "": "\u{301}"]),
      ("t=%CC%81+\u{301}&u=+\u{301}", ["t": "\u{301} \u{301}", "u": " \u{301}"]),
      ("t=a\r\nb&u=\r\n", ["t": "a\r\nb", "u": "\r\n"]),
    ] as [(String, [String: String])])
  func pairs(query: String, values: [String: String]) throws {
    #expect(Self.holds(try Parameters(query: query), values))
  }

  @Test("every query splits as URLSearchParams splits it (a fixed pseudo-random set)")
  func sameSplit() throws {
    let alphabet = ["a", "b", "=", "&", "\u{301}", "é", "\r\n", "\r", "\n", "-"]
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    for _ in 0..<2000 {
      var query = ""
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      for step in 0..<Int(state >> 60) {
        query += alphabet[Int((state >> UInt64(4 * step % 56)) % UInt64(alphabet.count))]
      }
      guard let values = Self.scalarSplit(query) else {
        #expect(throws: Problem.self, "\(query.unicodeScalars.map(\.value))") {
          try Parameters(query: query)
        }
        continue
      }
      #expect(
        Self.holds(try Parameters(query: query), values), "\(query.unicodeScalars.map(\.value))")
    }
  }

  @Test("out of range and not a number: the allowed range in the message")
  func ranges() throws {
    func problem(_ query: String, integer: Bool) -> Problem? {
      do throws(Problem) {
        let parameters = try Parameters(query: query)
        if integer {
          _ = try parameters.integer("n", in: 1...8)
        } else {
          _ = try parameters.number("n", in: 0...0.95)
        }
        return nil
      } catch {
        return error
      }
    }
    #expect(
      problem("n=x", integer: true)
        == .badParameter("n", "'x' is not a whole number; allowed: 1...8"))
    #expect(
      problem("n=9", integer: true) == .badParameter("n", "9 is out of range; allowed: 1...8"))
    #expect(problem("n=8", integer: true) == nil)
    #expect(
      problem("n=inf", integer: false)
        == .badParameter("n", "'inf' is not a finite number; allowed: 0...0.95"))
    #expect(
      problem("n=2", integer: false) == .badParameter("n", "2 is out of range; allowed: 0...0.95"))
    #expect(problem("n=0.5", integer: false) == nil)
  }
}

@Suite("Parameters: a query's numbers, read and refused as the CLI reads them (FiniteNumber)")
struct QueryNumberTests {
  /// `n` read from `query` by `read`: the number, or the problem.
  private static func reading(
    _ query: String, _ read: (Parameters) throws(Problem) -> Double?
  ) -> Result<Double?, Problem> {
    do throws(Problem) {
      return .success(try read(try Parameters(query: query)))
    } catch {
      return .failure(error)
    }
  }

  @Test(
    "a finite number in a range: inf, nan and 1e400 are not finite; a NUL is not a number",
    arguments: [
      ("n=42", .success(42)), ("n=-0", .success(0)),
      ("n=inf", .failure(.badParameter("n", "'inf' is not a finite number; allowed: -100...100"))),
      ("n=nan", .failure(.badParameter("n", "'nan' is not a finite number; allowed: -100...100"))),
      (
        "n=1e400",
        .failure(.badParameter("n", "'1e400' is not a finite number; allowed: -100...100"))
      ),
      ("n=37%00", .failure(.badParameter("n", "'37\u{0}' is not a number; allowed: -100...100"))),
      ("n=x", .failure(.badParameter("n", "'x' is not a number; allowed: -100...100"))),
    ] as [(String, Result<Double?, Problem>)])
  func finiteInRange(query: String, expected: Result<Double?, Problem>) {
    #expect(
      Self.reading(query) { parameters throws(Problem) in
        try parameters.number("n", in: -100...100)
      } == expected)
  }

  @Test(
    "a finite number of any size (min, max), in the CLI's words for --min",
    arguments: [
      ("n=-1e300", .success(-1e300)), ("n=-0", .success(0)),
      ("n=inf", .failure(.badParameter("n", "'inf' is not a finite number"))),
      ("n=-inf", .failure(.badParameter("n", "'-inf' is not a finite number"))),
      ("n=1e400", .failure(.badParameter("n", "'1e400' is not a finite number"))),
      ("n=37%00", .failure(.badParameter("n", "'37\u{0}' is not a number"))),
    ] as [(String, Result<Double?, Problem>)])
  func anySize(query: String, expected: Result<Double?, Problem>) {
    #expect(
      Self.reading(query) { parameters throws(Problem) in
        try parameters.anyNumber("n")
      } == expected)
  }

  @Test(
    "a value: inf, nan and 1e400 are no data; a NUL is not a number",
    arguments: [
      ("n=42", .success(42)), ("n=-0", .success(0)), ("n=inf", .success(nil)),
      ("n=nan", .success(nil)), ("n=1e400", .success(nil)), ("n=none", .success(nil)),
      (
        "n=37%00",
        .failure(
          .badParameter(
            "n", "'37\u{0}' is not a number; give a number such as 42, or 'none' for no data"))
      ),
    ] as [(String, Result<Double?, Problem>)])
  func value(query: String, expected: Result<Double?, Problem>) {
    #expect(
      Self.reading(query) { parameters throws(Problem) in
        try parameters.value("n")
      } == expected)
  }
}

@Suite("Endpoint: a request's endpoint by path")
struct EndpointTests {
  @Test(
    "paths",
    arguments: [
      ("/gauge/stress.png", Endpoint.gaugeImage), ("/gauge", .gauge), ("/gauge.svg", .gaugeFields),
      ("/gauge/", nil), ("/gauge/a/b.png", nil), ("/gauge/a/", nil), ("/nope", nil),
      // Compared as characters, as ever: a slash with an accent is no slash.
      ("/gauge/a/\u{301}b.png", .gaugeImage),
    ] as [(String, Endpoint?)])
  func paths(path: String, endpoint: Endpoint?) {
    #expect(Endpoint(path: path) == endpoint)
  }
}
