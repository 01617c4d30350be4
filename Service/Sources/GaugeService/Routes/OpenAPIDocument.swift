import Foundation
import GaugeKit

/// The service's API contract, OpenAPI 3.1, served at `/openapi.json`: every route, its
/// parameters, bodies and answers, problem+json included.
///
/// Built from the same lists the routes check requests against (`GaugeImageRequest`,
/// `PieImageRequest`, `ImageOptions`, `Endpoint`), with one schema per parameter name in
/// `schemas`; a test fails when a route or a name has no description here. Written once, with
/// sorted keys, so the bytes are the same on every replica.
enum OpenAPIDocument {
  /// The document's bytes for a server drawing `presets` (its catalog's names, fixed at
  /// start, so the document names exactly the images it draws).
  static func bytes(presets: [String]) -> [UInt8] {
    let data = try? JSONSerialization.data(
      withJSONObject: document(presets: presets),
      options: [.sortedKeys, .withoutEscapingSlashes])
    return data.map { Array($0) + [UInt8(ascii: "\n")] } ?? []
  }

  /// How each query parameter reads (a query's values are text; these are what they hold).
  static var querySchemas: [String: [String: Any]] {
    [
      "value": [
        "description": "The value to draw; none (or nan, inf) for the no-data state.",
        "anyOf": [
          ["type": "number"], ["type": "string", "enum": ["none", "nan", "inf", "-inf"]],
        ],
      ],
      "size": side("Width and height in pixels."),
      "width": side("Width in pixels; default size."),
      "height": side("Height in pixels; default size."),
      "scale": [
        "type": "integer", "minimum": 1, "maximum": ImageOptions.maximumScale,
        "description": "PNG output pixels per pixel; size × scale at most \(maximumImageSide).",
      ],
      "theme": ["type": "string", "enum": Theme.allCases.map(\.rawValue)],
      "title": ["type": "string", "maxLength": Gauge.maximumTextLength],
      "min": [
        "type": "number",
        "description": "The domain's lowest value, over the preset's (required on /gauge.svg).",
      ],
      "max": [
        "type": "number",
        "description": "The domain's highest value, over the preset's (required on /gauge.svg).",
      ],
      "zones": [
        "type": "string", "minLength": 1,
        "description":
          "Zones as LABEL:UPTO:COLOR (Low:60:%2334C759), ascending, separated by commas; they "
          + "replace the preset's (required on /gauge.svg).",
      ],
      "unit": [
        "type": "string", "maxLength": Gauge.maximumTextLength,
        "description": "Text after the readout's number (the preset's readout.suffix).",
      ],
      "animate": ["type": "boolean"],
      "g": [
        "type": "string", "minLength": 3,
        "description":
          "One gauge as PRESET:VALUE (cpu:37, disk:none); repeat it for each gauge, at most "
          + "\(GaugeGrid.maximumGaugeCount).",
      ],
      "columns": [
        "type": "integer", "minimum": 1, "maximum": GaugeGrid.maximumGaugeCount,
        "description": "Gauges a row; default as square a grid as the gauges allow.",
      ],
      "locale": [
        "type": "string", "enum": GaugeLocale.supported,
        "description":
          "The reader's locale (BCP 47): its digits, separators, percent sign and words. Any "
          + "region of a listed language is accepted and written as the language; without "
          + "it, the first supported locale of Accept-Language, else English.",
      ],
      "marker": [
        "type": "array", "maxItems": Gauge.maximumMarkerCount,
        "items": ["type": "string", "pattern": "^[^:]+:.+$"],
        "description":
          "A value marked across the ring with its label outside it, VALUE:LABEL (30:Goal); "
          + "repeat the parameter for more, at most \(Gauge.maximumMarkerCount). A value off "
          + "the scale is drawn pegged.",
      ],
      "reference": [
        "type": "number",
        "description":
          "A past value: a ghost pointer at it and the change since it beside the readout.",
      ],
      "range": [
        "type": "string", "pattern": "^[^,]+,[^,]+$",
        "description":
          "The period's LOW,HIGH (30,55), drawn as a band along the ring; low <= high.",
      ],
      "ticks": [
        "type": "integer", "minimum": 0, "maximum": 100,
        "description":
          "Tick marks dividing the arc into this many parts, over the preset's; 0 for none "
          + "(no minor ticks either).",
      ],
      "data": [
        "type": "string", "minLength": 1,
        "description": "Items as LABEL:VALUE or LABEL=VALUE, separated by commas.",
      ],
      "donut": ["type": "number", "minimum": 0, "maximum": 0.95],
      "sort": ["type": "boolean"],
      "labels": ["type": "string", "enum": SliceLabel.allCases.map(\.rawValue)],
      "legend": ["type": "string", "enum": LegendPosition.allCases.map(\.rawValue)],
      "highlight": ["type": "string", "maxLength": Gauge.maximumTextLength],
      "slices": [
        "type": "integer", "minimum": 0, "maximum": PieChart.maximumItemCount,
        "description": "The most slices drawn (2 or more; 0 for every item).",
      ],
    ]
  }

  /// How each JSON body field reads, where it differs from the query's.
  static var bodySchemas: [String: [String: Any]] {
    [
      "value": [
        "type": ["number", "null"],
        "description": "null for the no-data state; required unless values is given.",
      ],
      "values": [
        "type": "array", "minItems": 1, "maxItems": Gauge.maximumPointerCount,
        "items": ["type": ["number", "null"]],
        "description":
          "One value a pointer, for a preset of several pointers ([120, 80]); instead of value.",
      ],
      "preset": [
        "description":
          "A preset's name, or a preset object as a preset file holds; required unless min, "
          + "max and zones describe the gauge.",
        "oneOf": [["type": "string"], ["type": "object"]],
      ],
      "zones": [
        "description":
          "Zones as LABEL:UPTO:COLOR (Low:60:#34C759), ascending: one string separated by "
          + "commas, or an array of them; they replace the preset's.",
        "anyOf": [
          ["type": "string", "minLength": 1],
          [
            "type": "array", "minItems": 1, "maxItems": Gauge.maximumZoneCount,
            "items": ["type": "string", "minLength": 1],
          ],
        ],
      ],
      "range": [
        "description": "The period's LOW,HIGH (\"30,55\") or [low, high]; low <= high.",
        "anyOf": [
          ["type": "string", "pattern": "^[^,]+,[^,]+$"],
          ["type": "array", "minItems": 2, "maxItems": 2, "items": ["type": "number"]],
        ],
      ],
      "reference": [
        "type": ["number", "null"],
        "description":
          "A past value: a ghost pointer at it and the change since it beside the readout.",
      ],
      "format": ["type": "string", "enum": ImageFormat.allCases.map(\.rawValue)],
      "marker": [
        "description": "VALUE:LABEL, or an array of them (at most \(Gauge.maximumMarkerCount)).",
        "anyOf": [
          ["type": "string", "pattern": "^[^:]+:.+$"],
          [
            "type": "array", "maxItems": Gauge.maximumMarkerCount,
            "items": ["type": "string", "pattern": "^[^:]+:.+$"],
          ],
        ],
      ],
      "items": [
        "type": "array", "maxItems": PieChart.maximumItemCount,
        "items": [
          "type": "object", "required": ["label", "value"], "additionalProperties": false,
          "properties": [
            "label": ["type": "string"], "value": ["type": "number"],
            "color": ["type": "string"],
          ],
        ],
      ],
    ]
  }

  private static func side(_ text: String) -> [String: Any] {
    ["type": "integer", "minimum": 1, "maximum": maximumImageSide, "description": text]
  }

  private static func query(_ names: [String], required: [String]) -> [[String: Any]] {
    names.map { name in
      [
        "name": name, "in": "query", "required": required.contains(name),
        "schema": querySchemas[name] ?? [:],
      ]
    } + [acceptLanguage]
  }

  /// The header that chooses the locale when `locale` is not given.
  static var acceptLanguage: [String: Any] {
    [
      "name": "Accept-Language", "in": "header", "required": false,
      "description": "Chooses the locale when no locale parameter is given.",
      "schema": ["type": "string"],
    ]
  }

  private static func body(
    _ names: [String], required: [String], replacing: [String: [String: Any]] = [:]
  ) -> [String: Any] {
    var properties: [String: Any] = [:]
    for name in names {
      properties[name] = replacing[name] ?? bodySchemas[name] ?? querySchemas[name] ?? [:]
    }
    return [
      "required": true,
      "content": [
        "application/json": [
          "schema": [
            "type": "object", "properties": properties, "required": required,
            "additionalProperties": false,
          ]
        ]
      ],
    ]
  }

  static var problem: [String: Any] {
    [
      "description": "A problem (RFC 9457): what is wrong, where and what is allowed.",
      "content": ["application/problem+json": ["schema": ["$ref": "#/components/schemas/Problem"]]],
    ]
  }

  private static func image(_ formats: [ImageFormat]) -> [String: Any] {
    var content: [String: Any] = [:]
    for format in formats {
      let media = format == .svg ? "image/svg+xml" : "image/png"
      content[media] = ["schema": ["type": "string", "format": "binary"]]
    }
    return [
      "description": "The image, with a strong ETag; immutable.",
      "headers": [
        "ETag": ["schema": ["type": "string"]],
        "Cache-Control": ["schema": ["type": "string"]],
      ],
      "content": content,
    ]
  }

  private static func operation(
    _ id: String, _ summary: String, parameters: [[String: Any]] = [],
    body: [String: Any]? = nil, responses: [String: Any]
  ) -> [String: Any] {
    var operation: [String: Any] = [
      "operationId": id, "summary": summary, "parameters": parameters,
      "responses": responses.merging(["default": problem]) { mine, _ in mine },
    ]
    if let body { operation["requestBody"] = body }
    return operation
  }

  private static func json(_ description: String, _ schema: [String: Any]) -> [String: Any] {
    ["description": description, "content": ["application/json": ["schema": schema]]]
  }

  static var notModified: [String: Any] { ["description": "The client's copy is current."] }

  /// Each route's operations, by the path OpenAPI names it with.
  static func paths(presets: [String]) -> [String: [String: Any]] {
    let files = presets.flatMap { name in ImageFormat.allCases.map { name + "." + $0.rawValue } }
    let gaugeImage: [String: Any] = [
      "name": "image", "in": "path", "required": true,
      "description": "PRESET.svg or PRESET.png, for a preset this server has",
      "schema": ["type": "string", "enum": files],
    ]
    var bodyPreset = bodySchemas["preset"] ?? [:]
    bodyPreset["oneOf"] = [["type": "string", "enum": presets], ["type": "object"]]
    var paths: [String: [String: Any]] = [
      "/gauge/{image}": [
        "get": operation(
          "gaugeImage", "A gauge of a preset the server has, as SVG or PNG.",
          parameters: [gaugeImage]
            + query(GaugeImageRequest.queryNames, required: ["value"]),
          responses: ["200": image(ImageFormat.allCases), "304": notModified])
      ],
      "/gauge": [
        "post": operation(
          "gauge",
          "A gauge from a JSON body: a preset's name or a preset object, or min, max and "
            + "zones; value, or values for several pointers.",
          body: body(
            GaugeImageRequest.bodyNames, required: [],
            replacing: ["preset": bodyPreset]),
          responses: ["200": image(ImageFormat.allCases)])
      ],
      "/pie": [
        "post": operation(
          "pie", "A pie or donut chart from a JSON body.",
          body: body(PieImageRequest.bodyNames, required: ["items"]),
          responses: ["200": image(ImageFormat.allCases)])
      ],
      "/presets": [
        "get": operation(
          "presets", "The presets this server draws.",
          responses: [
            "200": json(
              "Every preset's name, title and domain.",
              [
                "type": "object", "required": ["presets"],
                "properties": [
                  "presets": [
                    "type": "array",
                    "items": [
                      "type": "object", "required": ["name", "title", "min", "max", "builtIn"],
                      "properties": [
                        "name": ["type": "string"], "title": ["type": ["string", "null"]],
                        "min": ["type": "number"], "max": ["type": "number"],
                        "builtIn": ["type": "boolean"],
                      ],
                    ],
                  ]
                ],
              ])
          ])
      ],
      "/healthz": [
        "get": operation(
          "health", "Whether the server takes requests.",
          responses: [
            "200": json(
              "It does.",
              [
                "type": "object", "required": ["status"],
                "properties": ["status": ["type": "string", "enum": ["ok"]]],
              ])
          ])
      ],
      "/metrics": [
        "get": operation(
          "metrics", "Prometheus metrics.",
          responses: [
            "200": [
              "description": "The text exposition format.",
              "content": ["text/plain": ["schema": ["type": "string"]]],
            ]
          ])
      ],
      "/openapi.json": [
        "get": operation(
          "openAPI", "This document.",
          responses: ["200": json("OpenAPI 3.1.", ["type": "object"])])
      ],
    ]
    for format in ImageFormat.allCases {
      paths["/gauge.\(format.rawValue)"] = [
        "get": operation(
          "gaugeFields\(format.rawValue.uppercased())",
          "A gauge without a preset, from min, max and zones, as \(format.rawValue).",
          parameters: query(
            GaugeImageRequest.queryNames, required: ["value", "min", "max", "zones"]),
          responses: ["200": image([format]), "304": notModified])
      ]
      var dashboard = query(DashboardImageRequest.queryNames, required: ["g"])
      dashboard[0]["explode"] = true
      paths["/dashboard.\(format.rawValue)"] = [
        "get": operation(
          "dashboard\(format.rawValue.uppercased())",
          "Several gauges of presets the server has in one image, as \(format.rawValue); size "
            + "is each gauge's.",
          parameters: dashboard,
          responses: ["200": image([format]), "304": notModified])
      ]
      paths["/pie.\(format.rawValue)"] = [
        "get": operation(
          "pieImage\(format.rawValue.uppercased())", "A pie or donut chart as \(format.rawValue).",
          parameters: query(PieImageRequest.queryNames, required: ["data"]),
          responses: ["200": image([format]), "304": notModified])
      ]
    }
    return paths
  }

  static func document(presets: [String]) -> [String: Any] {
    [
      "openapi": "3.1.0",
      "info": [
        "title": "gauge-server", "version": libraryVersion,
        "description":
          "GaugeKit's gauges and pie charts as SVG and PNG images. Every error is "
          + "application/problem+json. HEAD works wherever GET does.",
      ],
      "paths": paths(presets: presets),
      "components": [
        "schemas": [
          "Problem": [
            "type": "object", "required": ["type", "title", "status", "detail", "errors"],
            "properties": [
              "type": ["type": "string"], "title": ["type": "string"],
              "status": ["type": "integer", "minimum": 400, "maximum": 599],
              "detail": ["type": "string"],
              "errors": [
                "type": "array", "minItems": 1,
                "description":
                  "Each problem at its query parameter or JSON path; a problem of the request "
                  + "as a whole is one entry with the empty path and the detail as its message.",
                "items": [
                  "type": "object", "required": ["path", "message"],
                  "properties": [
                    "path": ["type": "string"], "message": ["type": "string"],
                    "line": ["type": "integer", "minimum": 1],
                    "column": ["type": "integer", "minimum": 1],
                  ],
                ],
              ],
            ],
          ]
        ]
      ],
    ]
  }
}
