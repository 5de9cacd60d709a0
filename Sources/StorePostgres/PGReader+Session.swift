import CLibPQ
import Glibc
import OAuthCore

/// PGReader's connection and what is out on it, touched only by the reader's thread. Batches go out
/// back to back; answers come back in the order sent (PostgreSQL docs §34.5.1.2), so `outstanding` says
/// whose each result is: a statement's prepare and execute results, then its batch's sync point.
final class PGReaderSession {
    private enum Entry {
        case result(PGReader.Job, PGConnection.Sent)
        case sync([PGReader.Job])
    }

    private let connect: () throws -> PGConnection
    private let wake: Int32
    private var connection: PGConnection?
    private var outstanding: [Entry] = []
    private var head = 0
    /// Statements the server skipped because one before them in their batch failed: sent again.
    private var retries: [PGReader.Job] = []
    /// libpq holds output the socket did not take yet.
    private var flushPending = false

    init(connect: @escaping () throws -> PGConnection, wake: Int32) {
        self.connect = connect
        self.wake = wake
    }

    var hasRetries: Bool { !retries.isEmpty }

    /// Sends the retries and `jobs` as one batch: each statement, then one sync point.
    func send(_ jobs: [PGReader.Job]) {
        guard let connection = connected(failing: jobs) else { return }
        let batch = retries + jobs
        retries = []
        do {
            for job in batch {
                var sent: [PGConnection.Sent] = []
                try connection.send(job.statement, &sent)
                outstanding += sent.map { .result(job, $0) }
            }
            guard PQpipelineSync(connection.conn) == 1 else { throw connection.lost("cannot send the pipeline") }
            outstanding.append(.sync(batch))
            connection.statistics.roundTrip()
            try flush()
        } catch {
            lose(error, also: batch)
        }
    }

    /// Reads what has arrived and hands out every answer that is complete.
    func receive() {
        guard let connection, head < outstanding.count else { return }
        guard PQconsumeInput(connection.conn) == 1 else { return lose(connection.lost("cannot read")) }
        var ends = 0
        while head < outstanding.count, PQisBusy(connection.conn) == 0 {
            // NULL ends one statement's results; twice in a row, nothing more is there yet.
            guard let result = PQgetResult(connection.conn) else {
                ends += 1
                if ends > 1 { break }
                continue
            }
            ends = 0
            take(result, connection)
        }
        if head == outstanding.count { (outstanding, head) = ([], 0) }
    }

    /// Sleeps until a job is queued (`wake`) or, with answers outstanding, the server has sent some.
    func waitForInput() {
        var fds = [pollfd(fd: wake, events: Int16(POLLIN), revents: 0)]
        if let connection, head < outstanding.count {
            let events = POLLIN | (flushPending ? POLLOUT : 0)
            fds.append(pollfd(fd: PQsocket(connection.conn), events: Int16(events), revents: 0))
        }
        while poll(&fds, nfds_t(fds.count), -1) < 0 && errno == EINTR {}
        if fds[0].revents != 0 {
            var bytes = [UInt8](repeating: 0, count: 64)
            while read(wake, &bytes, bytes.count) == bytes.count {}
        }
        if fds.count > 1, fds[1].revents & Int16(POLLOUT) != 0 { try? flush() }
    }

    /// Fails `jobs` and everything out or waiting to go again (the reader stops).
    func failAll(_ jobs: [PGReader.Job], _ error: any Error) {
        for job in jobs + retries + inFlight() { job.fail(error) }
        (outstanding, head, retries) = ([], 0, [])
        connection = nil
    }

    private func flush() throws {
        guard let connection else { return }
        let flushed = PQflush(connection.conn)
        guard flushed >= 0 else { throw connection.lost("cannot send") }
        flushPending = flushed == 1
    }

    /// The connection, opened (again) when there is none or it was lost; nil after failing `jobs`.
    private func connected(failing jobs: [PGReader.Job]) -> PGConnection? {
        if let connection {
            if connection.isHealthy { return connection }
            lose(connection.lost("connection lost"))
        }
        do {
            let opened = try connect()
            guard PQsetnonblocking(opened.conn, 1) == 0, PQenterPipelineMode(opened.conn) == 1 else {
                throw opened.lost("cannot enter non-blocking pipeline mode")
            }
            connection = opened
            return opened
        } catch {
            for job in jobs + retries { job.fail(error) }
            retries = []
            return nil
        }
    }

    /// The connection is lost. Reads only read, so each read in flight (and `also`, not yet out) goes
    /// again once on a new connection; one already sent twice fails with `error`.
    private func lose(_ error: any Error, also jobs: [PGReader.Job] = []) {
        var seen = Set<ObjectIdentifier>()
        for job in inFlight() + jobs where seen.insert(ObjectIdentifier(job)).inserted {
            job.outcome = nil
            job.losses += 1
            if job.losses < 2 { retries.append(job) } else { job.fail(error) }
        }
        (outstanding, head, flushPending) = ([], 0, false)
        connection = nil
    }

    /// The jobs whose batch is still out, once each.
    private func inFlight() -> [PGReader.Job] {
        outstanding[head...].flatMap { entry -> [PGReader.Job] in
            if case .sync(let jobs) = entry { return jobs }
            return []
        }
    }
}

extension PGReaderSession {
    /// One result from the server: its statement's outcome, or its batch's end (each caller answered,
    /// or queued to go again when the server skipped its statement).
    private func take(_ result: OpaquePointer, _ connection: PGConnection) {
        let status = PQresultStatus(result)
        switch (outstanding[head], status == PGRES_PIPELINE_SYNC) {
        case (.sync(let jobs), true):
            PQclear(result)
            head += 1
            finish(jobs)
        case (.result(let job, .prepare(let sql)), false):
            head += 1
            if status != PGRES_COMMAND_OK { connection.prepared[sql] = nil }
            if status == PGRES_FATAL_ERROR, job.outcome == nil {
                job.outcome = Result { try connection.check(result, sql) }
            } else {
                PQclear(result)
            }
        case (.result(let job, .execute(let sql)), false):
            head += 1
            if status == PGRES_PIPELINE_ABORTED || job.outcome != nil {
                PQclear(result)
            } else {
                job.outcome = Result { try connection.check(result, sql) }
            }
        default:
            PQclear(result)
            lose(connection.lost("the pipeline is out of step"))
        }
    }

    private func finish(_ jobs: [PGReader.Job]) {
        for job in jobs {
            guard let outcome = job.outcome else {
                retries.append(job)
                continue
            }
            job.outcome = nil
            // A merged statement that failed goes again as its callers' own statements: each gets its own
            // answer, and a failure only its own caller.
            if case .failure = outcome, let alone = job.split {
                retries += alone
                continue
            }
            job.resume(with: outcome)
        }
    }
}
