import Foundation

// Top-level code with `await` (docs/architecture.md platform note 8: no Task {} plus a blocked main thread).
let status = await CommandLine.runAccountLink(Array(CommandLine.arguments.dropFirst()))
exit(status.rawValue)
