/// GaugeKit's release, as `gauge --version` prints it and caches key images by.
public let gaugeKitVersion = "0.2.0"
