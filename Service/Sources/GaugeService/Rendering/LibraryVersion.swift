import GaugeKit

/// The GaugeKit release this server draws with; it is part of every ETag, so a new release
/// never serves an old image under an old tag.
let libraryVersion = gaugeKitVersion
