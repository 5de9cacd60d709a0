import CShims
import Foundation
import Glibc
import Support

/// Accepts connections on the listening socket on a thread of its own and hands each to libmicrohttpd
/// (`MHD_add_connection`), which gives it to the pool's worker `descriptor % threads`: consecutive
/// connections go to the workers in turn. When the workers accept themselves (libmicrohttpd's default),
/// every worker is woken by a new connection and the first to run takes it and up to ten more, so a
/// burst of keep-alive connections (a proxy's pool, a load generator) could land on one worker and use
/// one core of several (docs/performance-history.md, Eleventh round). Written by hand: libmicrohttpd 0.9.75 has
/// no option to spread its own accepts.
final class Acceptor: @unchecked Sendable {
    // @unchecked: the stored properties are set once, in `init`.
    private let listen: Int32
    private let wake: Int32
    private let slots: ConnectionSlots
    private let finished = DispatchSemaphore(value: 0)

    /// Takes over `listen` (closed by `stop`, or by the caller when this throws), which is made non-blocking.
    init(listen: Int32, slots: ConnectionSlots) throws(HTTPServerError) {
        let flags = fcntl(listen, F_GETFL)
        guard flags >= 0, fcntl(listen, F_SETFL, flags | O_NONBLOCK) == 0 else {
            throw .socket(operation: "fcntl", errno: errno)
        }
        let wake = accountlink_eventfd()
        guard wake >= 0 else { throw .socket(operation: "eventfd", errno: errno) }
        self.listen = listen
        self.wake = wake
        self.slots = slots
    }

    /// Starts handing connections to `daemon` (started with no listening socket of its own).
    func start(_ daemon: OpaquePointer) {
        let handle = DaemonHandle(pointer: daemon)
        Thread.detachNewThread { [self] in
            ThreadName.set("al.http.accept")
            run(handle.pointer)
            finished.signal()
        }
    }

    /// Closes the descriptors of an acceptor that was never started (its daemon did not start).
    func discard() {
        close(listen)
        close(wake)
    }

    /// Stops accepting and closes the listening socket, so new clients are refused; open connections
    /// stay with the daemon. Call once, after `start`.
    func stop() {
        slots.stop()
        var one: UInt64 = 1
        _ = write(wake, &one, MemoryLayout<UInt64>.size)
        finished.wait()
        close(listen)
        close(wake)
    }

    private func run(_ daemon: OpaquePointer) {
        var watched = [pollfd(fd: listen, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: wake, events: Int16(POLLIN), revents: 0)]
        while true {
            let ready = poll(&watched, nfds_t(watched.count), -1)
            if ready < 0 && errno == EINTR { continue }
            if ready < 0 || watched[1].revents != 0 { return }
            if watched[0].revents != 0 { acceptWaiting(daemon) }
        }
    }

    /// Accepts until none is waiting, each connection in a slot of `slots` (waiting for one at the cap).
    /// libmicrohttpd closes a connection it refuses (the cap per client address), as when it accepts itself.
    private func acceptWaiting(_ daemon: OpaquePointer) {
        while slots.take() {
            var address = sockaddr_storage()
            var length = UInt32(MemoryLayout<sockaddr_storage>.size)
            let connection = accountlink_accept(listen, &address, &length)
            if connection < 0 {
                let code = errno
                slots.release()
                switch code {
                case EINTR, ECONNABORTED, EPROTO: continue
                case EMFILE, ENFILE, ENOBUFS, ENOMEM:
                    // Out of descriptors or memory: the client waits in the backlog; try again shortly
                    // rather than spin on a listening socket that stays readable.
                    usleep(10_000)
                    return
                default: return  // EAGAIN: none waiting
                }
            }
            // The slot goes back when the daemon reports the connection closed (ServerCore's callback).
            if accountlink_mhd_add_connection(daemon, connection, &address, length) != 0 { slots.release() }
        }
    }
}

/// The daemon's pointer on its way to the accepting thread: libmicrohttpd allows `MHD_add_connection` from
/// any thread of a daemon that runs its own threads.
private struct DaemonHandle: @unchecked Sendable {
    let pointer: OpaquePointer
}

/// The cap on open connections (`maxConnections`), kept where they are accepted: at the cap the `Acceptor`
/// stops accepting, so a further client waits in the kernel's backlog until a connection closes, as when
/// libmicrohttpd accepted for itself. A slot is taken before each accept and given back when the daemon
/// refuses the connection or reports it closed. (A connection the daemon drops before reporting it started,
/// when it cannot allocate the connection's memory pool, keeps its slot: libmicrohttpd 0.9.75 says nothing then.)
final class ConnectionSlots: @unchecked Sendable {
    // @unchecked: `open` and `stopped` are touched only while `condition` is locked.
    private let condition = NSCondition()
    private var open = 0
    private var stopped = false
    let limit: Int

    init(limit: Int) { self.limit = max(1, limit) }

    /// Takes a slot, waiting while all are taken; false once `stop` was called.
    func take() -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while open >= limit && !stopped { condition.wait() }
        guard !stopped else { return false }
        open += 1
        return true
    }

    func release() {
        condition.lock()
        open -= 1
        condition.signal()
        condition.unlock()
    }

    /// Ends every wait in `take`, now and later.
    func stop() {
        condition.lock()
        stopped = true
        condition.broadcast()
        condition.unlock()
    }
}
