import GaugeKit
import Testing

@testable import GaugeService

@Suite("GET /pie.svg and POST /pie")
struct PieTests {
  let rentAndFood = [PieItem(label: "Rent", value: 1200), PieItem(label: "Food", value: 450)]

  @Test("the query form draws the library's chart")
  func query() async throws {
    var chart = PieChart(items: rentAndFood)
    chart.innerRadiusRatio = 0.6
    chart.legend = .right
    let expected = try chart.svgBytes(options: RenderOptions(width: 500, height: 300))
    try await withService { client in
      let response = try await client.execute(
        uri: "/pie.svg?data=Rent:1200,Food:450&donut=0.6&legend=right&width=500&height=300",
        method: .get)
      #expect(response.status == .ok)
      #expect(response.headers[.contentType] == "image/svg+xml; charset=utf-8")
      #expect(response.headers[.cacheControl] == "public, max-age=31536000, immutable")
      #expect(response.headers[.eTag] != nil)
      #expect(response.bytes == expected)
    }
  }

  @Test("the JSON form draws the same chart with the same tag")
  func body() async throws {
    try await withService { client in
      let get = try await client.execute(
        uri: "/pie.svg?data=Rent:1200,Food:450&sort&title=Spending", method: .get)
      let post = try await client.execute(
        uri: "/pie", method: .post,
        body: json(
          #"{"items":[{"label":"Rent","value":1200},{"label":"Food","value":450}],"#
            + #""sort":true,"title":"Spending"}"#))
      #expect(post.status == .ok)
      #expect(post.bytes == get.bytes)
      #expect(post.headers[.eTag] == get.headers[.eTag])
    }
  }

  @Test(
    "bad query data is a 400 naming the item",
    arguments: [
      ("", badParameter("data", "is missing; give items as LABEL:VALUE,…, such as Rent:1200")),
      (
        "data=Rent",
        badParameter(
          "data", "'Rent' is not an item; write LABEL=VALUE or LABEL:VALUE, such as Rent=1200")
      ),
      (
        "data=:5",
        badParameter("data", "':5' has no label before ':'; write LABEL=VALUE or LABEL:VALUE")
      ),
      (
        "data=Rent:lots",
        badParameter(
          "data",
          "'Rent:lots': 'lots' is not a number; write LABEL=VALUE or LABEL:VALUE with a number, "
            + "0 or more")
      ),
      ("data=Rent:1&donut=1", badParameter("donut", "1 is out of range; allowed: 0...0.95")),
      (
        "data=Rent:1&legend=left",
        badParameter("legend", "'left' is not allowed; use one of top, bottom, right, none")
      ),
    ])
  func badQueries(query: String, expected: String) async throws {
    try await withService { client in
      let response = try await client.execute(uri: "/pie.svg?" + query, method: .get)
      #expect(response.status == .badRequest)
      expectProblemHeaders(response)
      #expect(response.text == expected)
    }
  }

  @Test("slices: past the limit the smallest items share one slice; 0 draws every item")
  func slices() async throws {
    let items = (1...15).map { PieItem(label: "Item \($0)", value: Double($0)) }
    let query =
      "/pie.svg?data="
      + items.map { "Item+\(Int($0.value)):\(Int($0.value))" }
      .joined(separator: ",")
    var chart = PieChart(items: items)
    let byDefault = try chart.svgBytes()
    chart.sliceLimit = 4
    let four = try chart.svgBytes()
    chart.sliceLimit = nil
    let every = try chart.svgBytes()
    try await withService { client in
      let plain = try await client.execute(uri: query, method: .get)
      let limited = try await client.execute(uri: query + "&slices=4", method: .get)
      let all = try await client.execute(uri: query + "&slices=0", method: .get)
      #expect(plain.bytes == byDefault)
      #expect(limited.bytes == four)
      #expect(all.bytes == every)
      #expect(limited.text.contains("Other (12 items)"))
      #expect(!all.text.contains("Other ("))
      #expect(Set([plain, limited, all].map { $0.headers[.eTag] }).count == 3)
      let one = try await client.execute(uri: query + "&slices=1", method: .get)
      #expect(one.status == .badRequest)
      #expect(
        one.text == badParameter("slices", "1 is out of range; allowed: 0 (every item) or 2...1000")
      )
    }
  }

  @Test("the chart's own rules name the query item")
  func chartRules() async throws {
    try await withService { client in
      let response = try await client.execute(uri: "/pie.svg?data=Rent:-5,Food:2", method: .get)
      #expect(response.status == .badRequest)
      #expect(response.text.contains(#"{"path":"data[0].value","message":"#))
    }
  }

  @Test("the JSON form's problems keep their JSON paths")
  func bodyProblems() async throws {
    try await withService { client in
      let response = try await client.execute(
        uri: "/pie", method: .post,
        body: json(#"{"items":[{"label":"Rent","value":1200},{"label":"Food","value":-1}]}"#))
      #expect(response.status == .badRequest)
      #expect(
        response.text
          == bodyProblem(
            1, 65, "items[1].value",
            #"item "Food" has the negative value -1; values must be finite numbers, 0 or more"#))
      let missing = try await client.execute(uri: "/pie", method: .post, body: json("{}"))
      #expect(
        missing.text
          == badParameter("items", #"is missing; required: an array of {"label", "value"} objects"#)
      )
    }
  }

  @Test("pie PNG: the library's exact bytes at size × scale, from GET and POST alike")
  func png() async throws {
    var chart = PieChart(items: rentAndFood)
    chart.innerRadiusRatio = 0.6
    let expected = try chart.png(options: RenderOptions(width: 160, height: 120), scale: 2)
    try await withService { client in
      let response = try await client.execute(
        uri: "/pie.png?data=Rent:1200,Food:450&donut=0.6&width=160&height=120&scale=2",
        method: .get)
      #expect(response.status == .ok)
      #expect(response.headers[.contentType] == "image/png")
      #expect(response.headers[.cacheControl] == "public, max-age=31536000, immutable")
      #expect(response.bytes == expected)
      let header = try #require(PNGHeader(response.bytes))
      #expect(header.width == 320 && header.height == 240)
      let post = try await client.execute(
        uri: "/pie", method: .post,
        body: json(
          #"{"items":[{"label":"Rent","value":1200},{"label":"Food","value":450}],"#
            + #""donut":0.6,"width":160,"height":120,"scale":2,"format":"png"}"#))
      #expect(post.status == .ok)
      #expect(post.headers[.eTag] == response.headers[.eTag])
      #expect(post.bytes == expected)
    }
  }
}

@Suite("pie items: one parser for the query and the CLI")
struct PieItemSeparatorTests {
  @Test("LABEL=VALUE and LABEL:VALUE draw the same chart")
  func bothSeparators() async throws {
    try await withService { client in
      let colons = try await client.execute(uri: "/pie.svg?data=Rent:1200,Food:450", method: .get)
      let equals = try await client.execute(uri: "/pie.svg?data=Rent=1200,Food=450", method: .get)
      #expect(colons.status == .ok)
      #expect(equals.bytes == colons.bytes)
      #expect(equals.headers[.eTag] == colons.headers[.eTag])
    }
  }
}
