import Foundation

#if FUZZING
/// libFuzzer's entry (built by scripts/fuzz.sh with `-sanitize=fuzzer,address -DFUZZING`); the
/// target is chosen once by FUZZ_TARGET.
private let selected: FuzzTarget = {
    let name = ProcessInfo.processInfo.environment["FUZZ_TARGET"] ?? ""
    guard let target = FuzzTarget(rawValue: name) else {
        fatalError("FUZZ_TARGET must be one of " + FuzzTarget.allCases.map(\.rawValue).joined(separator: ", "))
    }
    return target
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    guard let start else { selected.run([]); return 0 }
    selected.run(Array(UnsafeRawBufferPointer(start: start, count: count)))
    return 0
}

/// libFuzzer's documented entry for programs with their own `main` (LLVM LibFuzzer docs, "Using
/// libFuzzer as a library"): SwiftPM links an executable's entry as `<module>_main`.
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafeRawPointer?, Int) -> CInt) -> CInt

@_cdecl("accountlink_fuzz_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var count = argc
    var arguments = argv
    return LLVMFuzzerRunDriver(&count, &arguments) { fuzzOneInput($0, $1) }
}
#else
/// Without libFuzzer: `accountlink-fuzz regress FOLDER` replays every saved input of every target
/// (FOLDER/<target>/*) once, the regression run inside `make test`; `accountlink-fuzz list` names
/// the targets. Exit 0 when every input ran (a crash ends the process), 64 on bad usage.
@main
struct Regression {
    static func main() {
        let arguments = CommandLine.arguments.dropFirst()
        switch (arguments.first, arguments.count) {
        case ("list", 1):
            FuzzTarget.allCases.forEach { print($0.rawValue) }
        case ("regress", 2):
            exit(regress(folder: URL(fileURLWithPath: arguments.last!)))
        default:
            FileHandle.standardError.write(Data("usage: accountlink-fuzz regress FOLDER | list\n".utf8))
            exit(64)
        }
    }

    static func regress(folder: URL) -> Int32 {
        var missing = false
        for target in FuzzTarget.allCases {
            let directory = folder.appendingPathComponent(target.rawValue)
            let files = ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).sorted()
            if files.isEmpty { missing = true }
            for name in files {
                guard let data = FileManager.default.contents(atPath: directory.appendingPathComponent(name).path)
                else { continue }
                target.run(Array(data))
            }
            print("\(target.rawValue): \(files.count) inputs replayed, no crash")
        }
        if missing { FileHandle.standardError.write(Data("a target has no saved inputs\n".utf8)) }
        return missing ? 65 : 0
    }
}
#endif
