import AccountLinkServer
import Dispatch
import Events
import HTTPServer
import Operations
import Settings
import Support

enum ServeCommand: Command {
    static let path = ["serve"]
    static let summary = "run the server"
    static let help = """
        Usage: accountlink serve [--listen HOST:PORT] [--issuer URL] [--database URL] [--config FILE]

        Migrates the database, then serves HTTP until SIGTERM or SIGINT, after which it stops accepting,
        answers every request in flight and exits 0. Once listening it prints a few lines for people on
        stdout (where it serves, the admin API, what to do next); logs are JSON lines on stderr.
        """
    static let spec = ArgumentSpec()

    static func run(_ arguments: Arguments, _ context: CommandContext) async throws -> ExitCode {
        let configuration = try context.configuration()
        context.logger = Operations.serverLogger(configuration)
        let runtime = try context.runtime()
        let app = try AccountLinkApp(runtime: runtime)
        var http = HTTPServer.Configuration(host: configuration.listenHost, port: configuration.listenPort)
        http.trustedProxies = Set(configuration.trustedProxies)
        let server = HTTPServer(configuration: http, responder: app.responder(), logger: runtime.logger.with(label: "http"))
        do {
            try server.start()
        } catch {
            throw CommandFailure.unavailable("cannot listen on \(configuration.listenDescription): \(error)")
        }
        server.installSignalHandlers()
        app.registerConnectionGauges(server)
        let admin = try startAdmin(app, configuration, logger: runtime.logger)
        let background = app.startBackgroundWork()
        app.outboxWorker?.start()
        app.eventWorker.start()
        runtime.logger.info("serving", ["issuer": configuration.issuerString],
                            numbers: ["http.port": Double(server.boundPort)])
        let facts = StartupBanner.Facts(
            issuer: configuration.issuerString, listening: "\(configuration.listenHost):\(server.boundPort)",
            admin: admin.map { "\(configuration.admin?.host ?? ""):\($0.boundPort)" },
            clientCount: (try? runtime.storage.listClients().count) ?? 0)
        for line in StartupBanner.lines(facts) { context.out(line) }
        // Wait on a GCD thread, never on the cooperative pool that runs the handlers.
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            DispatchQueue.global().async {
                server.waitForShutdown()
                admin?.shutdown()
                done.resume()
            }
        }
        background.cancel()
        app.outboxWorker?.stop()
        app.eventWorker.stop()
        return .success
    }

    /// The admin API on its own listener (ACCOUNTLINK_ADMIN_LISTEN), stopped with the main server.
    static func startAdmin(_ app: AccountLinkApp, _ configuration: ServerConfiguration, logger: Logger) throws
        -> HTTPServer?
    {
        guard let admin = configuration.admin, let responder = app.adminResponder() else { return nil }
        let server = HTTPServer(configuration: HTTPServer.Configuration(host: admin.host, port: admin.port),
                                responder: responder, logger: logger.with(label: "admin"))
        do {
            try server.start()
        } catch {
            throw CommandFailure.unavailable("cannot listen on \(admin.host):\(admin.port) (ACCOUNTLINK_ADMIN_LISTEN): \(error)")
        }
        logger.info("admin API listening", numbers: ["http.port": Double(server.boundPort)])
        return server
    }
}
