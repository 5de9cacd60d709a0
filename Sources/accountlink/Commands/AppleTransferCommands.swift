import Foundation
import Identity

/// Apple's app transfer between developer teams, step by step (docs/sign-in.md "Moving the app to another
/// Apple team";
/// https://developer.apple.com/documentation/signinwithapple/transferring-your-apps-and-users-to-another-team,
/// https://developer.apple.com/documentation/signinwithapple/bringing-new-apps-and-users-into-your-team).
enum AppleTransferExportCommand: Command {
    static let path = ["apple", "transfer", "export"]
    static let summary = "sending team: write a transfer identifier per Apple user"
    static let help = """
        Usage: accountlink apple transfer export --recipient-team TEAM_ID --out FILE [--client-id ID]

        Run by the team that sends the app, with its own ACCOUNTLINK_APPLE_TEAM_ID, _KEY_ID and
        _PRIVATE_KEY_FILE, after the recipient accepted the transfer (Apple allows 60 days). For every Sign in
        with Apple identity it asks Apple (/auth/usermigrationinfo) for the transfer identifier meant for
        TEAM_ID and appends it to FILE (one JSON object a line: account, identity, team, transfer_sub; never
        Apple's user identifier). Identities already in FILE are skipped, so an interrupted run is resumed by
        running it again. --client-id is the transferring app's bundle ID (default: the first of
        ACCOUNTLINK_APPLE_CLIENT_IDS).

        Exit codes: 0 done, 64 usage or configuration, 65 bad FILE or Apple refused the request,
        69 Apple unreachable (run again later), 70 internal error.
        """
    static let spec = ArgumentSpec(valued: ["recipient-team", "out", "client-id"])

    static func run(_ arguments: Arguments, _ context: CommandContext) async throws -> ExitCode {
        let team = try arguments.required("recipient-team")
        guard team.utf8.count == 10, team.allSatisfy({ $0.isASCII && ($0.isUppercase || $0.isNumber) }) else {
            throw CommandFailure.usage("--recipient-team must be a 10-character Apple Team ID")
        }
        let file = URL(fileURLWithPath: try arguments.required("out"))
        let report = try await AppleTransferRun.perform(arguments, context) { try await $0.export(recipientTeam: team, to: file) }
        context.err("\(report.done) transfer identifier(s) written, \(report.skipped) already in the file, "
            + "\(report.refused) refused by Apple")
        context.out(file.path)
        return .success
    }
}

enum AppleTransferImportCommand: Command {
    static let path = ["apple", "transfer", "import"]
    static let summary = "recipient team: move Apple users to this team's identifiers"
    static let help = """
        Usage: accountlink apple transfer import --in FILE [--client-id ID]

        Run by the team that receives the app, with its own ACCOUNTLINK_APPLE_TEAM_ID, _KEY_ID and
        _PRIVATE_KEY_FILE, on the database that came with the app. It first records every transfer identifier
        of FILE, so that people who sign in meanwhile (their tokens carry `transfer_sub`) reach their account
        at once; then it asks Apple for each identifier's new user identifier and moves the identity to it.
        Running it again continues where it stopped and changes nothing already done.

        Exit codes: 0 done, 64 usage or configuration, 65 bad FILE or Apple refused the request,
        69 Apple unreachable (run again later), 70 internal error.
        """
    static let spec = ArgumentSpec(valued: ["in", "client-id"])

    static func run(_ arguments: Arguments, _ context: CommandContext) async throws -> ExitCode {
        let file = URL(fileURLWithPath: try arguments.required("in"))
        guard FileManager.default.fileExists(atPath: file.path) else { throw CommandFailure.data("\(file.path) does not exist") }
        let report = try await AppleTransferRun.perform(arguments, context) { try await $0.importFile(file) }
        context.err("\(report.done) identit(ies) moved, \(report.skipped) done before, \(report.refused) no longer here, "
            + "\(report.conflicts) in conflict (left pending)")
        return report.conflicts > 0 ? .dataError : .success
    }
}

/// What both steps share: the configured Apple client and the mapping of failures to exit codes.
enum AppleTransferRun {
    static func perform(_ arguments: Arguments, _ context: CommandContext,
                        _ step: (AppleTeamTransfer) async throws -> AppleTeamTransfer.Report) async throws
        -> AppleTeamTransfer.Report
    {
        let runtime = try context.runtime()
        guard let client = runtime.identity.appleClient else {
            throw CommandFailure.usage("Apple's key is not configured: set ACCOUNTLINK_APPLE_TEAM_ID, "
                + "ACCOUNTLINK_APPLE_KEY_ID and ACCOUNTLINK_APPLE_PRIVATE_KEY_FILE")
        }
        guard let clientID = arguments.value("client-id") ?? runtime.configuration.apple.clientIDs.first else {
            throw CommandFailure.usage("--client-id is required when ACCOUNTLINK_APPLE_CLIENT_IDS is empty")
        }
        let transfer = AppleTeamTransfer(storage: runtime.storage, clock: runtime.clock, random: runtime.random,
                                         client: client, clientID: clientID, logger: context.logger)
        do {
            return try await step(transfer)
        } catch let failure as AppleTeamTransfer.Failure {
            throw CommandFailure.data(failure.description)
        } catch let error as ProviderCallError {
            throw error.isTemporary ? CommandFailure.unavailable("\(error); run the command again later")
                : CommandFailure.data("\(error)")
        }
    }
}
