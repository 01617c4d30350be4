import GaugeCLI

/// The GaugeKit release this server draws with. GaugeKit's umbrella has no version of its
/// own yet; the CLI's is the release's.
let libraryVersion = GaugeCommand.version
