import Operations

extension AccountLinkApp {
    /// The outbox's and the event outbox's gauges (Operations' Metrics+Store.swift), for `registerGauges`.
    func registerOutboxGauges() { metrics.registerOutboxGauges(storage: runtime.storage, clock: runtime.clock) }

    func registerEventGauges() { metrics.registerEventGauges(storage: runtime.storage) }
}
