import Foundation
import Operations

enum DoctorCommand: Command {
    static let path = ["doctor"]
    static let summary = "check a deployment against Google's and Apple's requirements"
    static let help = """
        Usage: accountlink doctor [--json] [--via URL]

        Reads the configuration and the database, fetches the public documents from the issuer, and
        prints each finding with its fix: https issuer, app IDs and App Flip path in
        apple-app-site-association, discovery and keys reachable, Google clients with their redirect and
        App Flip URIs, Apple key for code exchange and revocation, master key not beside the database
        and its file readable by its owner only, proxy headers trusted from the proxy alone (with an
        https issuer), a database folder this user and the packaged unit's sandbox can write, token
        lifetimes. Exit 0 when everything holds, 1 when something needs fixing.
          --json     the findings as a JSON array of {check, ok, message, fix}
          --via URL  reach the server at URL instead of the issuer (e.g. http://127.0.0.1:8080 on the
                     server's own host, behind the TLS proxy); the documents must still name the issuer
        """
    static let spec = ArgumentSpec(valued: ["via"], booleans: ["json"])

    static func run(_ arguments: Arguments, _ context: CommandContext) async throws -> ExitCode {
        // A database the server cannot write cannot be opened either: that finding alone, first.
        // Only reads: a database that is not there is refused, never created (README.md, CLI).
        try context.requireExistingData()
        let database = Doctor.databaseWritable(try context.configuration())
        let findings = database.ok
            ? await Doctor(runtime: try context.runtime(readOnly: true), via: arguments.value("via")).run() : [database]
        if arguments.flag("json") {
            context.out(try JSONOutput.encode(findings))
        } else {
            for finding in findings {
                context.out((finding.ok ? "ok    " : "FIX   ") + finding.check + ": " + finding.message)
                if !finding.ok { context.out("      → " + finding.fix) }
            }
        }
        let problems = findings.filter { !$0.ok }.count
        context.err(problems == 0 ? "ready for Google and Apple" : "\(problems) problem(s) to fix")
        return problems == 0 ? .success : .unexpectedOutcome
    }
}
