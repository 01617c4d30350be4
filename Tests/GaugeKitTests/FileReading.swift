import Foundation

/// Reads a repository file in tests (the library itself never touches the disk).
func readFile(_ path: String) throws -> String {
  try String(contentsOfFile: path, encoding: .utf8)
}
