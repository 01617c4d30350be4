import GaugeKit

/// `gauge layout`: the exact layout contract as JSON.
enum LayoutCommand: Subcommand {
  static let spec = CommandSpec(
    name: "layout",
    abstract: "Print a gauge's exact layout for a value as JSON.",
    discussion:
      "Angles are degrees from 12 o'clock, clockwise, normalised to [0, 360); coordinates are "
      + "pixels with y down. docs/layout.md describes every field.",
    arguments: [Inputs.presetArgument, Inputs.valueArgument],
    options: Inputs.sizeOptions + [PresetLibrary.option],
    examples: ["gauge layout stress 42", "gauge layout my-gauge.json 7.5 --size 200"])

  static func run(_ arguments: ParsedArguments, context: Context) throws(CLIError) {
    let gauge = try Inputs.gauge(arguments.positionals[0], arguments: arguments, context: context)
    let value = try Inputs.value(arguments.positionals[1], command: spec.name)
    let size = try Inputs.size(arguments)
    let (layout, scene) = try Inputs.converting { () throws(GaugeError) in
      (
        try gauge.layout(value: value, width: size.width, height: size.height),
        try gauge.scene(value: value, options: SVGOptions(width: size.width, height: size.height))
      )
    }
    context.output.write(layout.json(scene: scene))
  }
}
