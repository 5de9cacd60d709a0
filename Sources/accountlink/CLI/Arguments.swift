/// What a command accepts: options with a value (possibly repeated), boolean flags, positionals.
struct ArgumentSpec {
    var valued: Set<String> = []
    var repeatable: Set<String> = []
    var booleans: Set<String> = []
    var positionals: ClosedRange<Int> = 0...0
}

/// Parsed arguments. `--name value` and `--name=value` are both accepted; `--` ends options.
struct Arguments {
    private(set) var options: [String: [String]] = [:]
    private(set) var booleans: Set<String> = []
    private(set) var positionals: [String] = []
    private(set) var wantsHelp = false

    /// The configuration flags every command shares (README.md Configuration: --listen, --issuer, --database,
    /// --config).
    static let configurationFlags: Set<String> = ["listen", "issuer", "database", "config"]

    init(_ words: [String], spec: ArgumentSpec) throws(CommandFailure) {
        let valued = spec.valued.union(spec.repeatable).union(Self.configurationFlags)
        var index = 0
        var onlyPositionals = false
        while index < words.count {
            let word = words[index]
            index += 1
            if onlyPositionals || !word.hasPrefix("-") || word == "-" {
                positionals.append(word)
                continue
            }
            if word == "--" { onlyPositionals = true; continue }
            if word == "--help" || word == "-h" { wantsHelp = true; continue }
            guard word.hasPrefix("--") else { throw .usage("unknown option \(word)") }
            var name = String(word.dropFirst(2))
            var inlineValue: String?
            if let equals = name.firstIndex(of: "=") {
                inlineValue = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            if spec.booleans.contains(name) {
                guard inlineValue == nil else { throw .usage("--\(name) takes no value") }
                booleans.insert(name)
            } else if valued.contains(name) {
                guard let value = inlineValue ?? (index < words.count ? words[index] : nil) else {
                    throw .usage("--\(name) needs a value")
                }
                if inlineValue == nil { index += 1 }
                if options[name] != nil && !spec.repeatable.contains(name) {
                    throw .usage("--\(name) given twice")
                }
                options[name, default: []].append(value)
            } else {
                throw .usage("unknown option --\(name)")
            }
        }
        guard wantsHelp || spec.positionals.contains(positionals.count) else {
            throw .usage(positionals.count < spec.positionals.lowerBound
                ? "missing argument" : "unexpected argument \(positionals.last ?? "")")
        }
    }

    func value(_ name: String) -> String? { options[name]?.last }
    func values(_ name: String) -> [String] { options[name] ?? [] }
    func flag(_ name: String) -> Bool { booleans.contains(name) }

    func required(_ name: String) throws(CommandFailure) -> String {
        guard let value = value(name), !value.isEmpty else { throw .usage("--\(name) is required") }
        return value
    }

    /// The configuration flags given, for ConfigurationLoader.
    var configurationFlags: [String: String] {
        options.filter { Self.configurationFlags.contains($0.key) }.compactMapValues(\.last)
    }
}
