extension PostgresMigrations {
    /// Version 20: the time of the last provider event applied per effect, so that an older Apple
    /// notification or Google security event never undoes a newer state (InboundEventStore).
    static let inboundEventMarks = """
        CREATE TABLE inbound_event_marks (
            provider TEXT NOT NULL, subject TEXT NOT NULL, effect TEXT NOT NULL, event_time BIGINT NOT NULL,
            PRIMARY KEY (provider, subject, effect));
        """
}
