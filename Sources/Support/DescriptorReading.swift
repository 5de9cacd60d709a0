import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Reading a pipe or file descriptor to its end. Foundation's `FileHandle.readDataToEndOfFile()` and
/// `availableData` trap (they `try!` the read) when read(2) fails with EINTR, which a signal meant
/// for anything else in the process causes under load, or with EAGAIN on a descriptor made
/// non-blocking elsewhere. These retry EINTR and wait out EAGAIN instead.
public enum DescriptorReading {
    /// Every byte until end of file (or a read error other than EINTR/EAGAIN).
    public static func readToEnd(_ descriptor: Int32) -> Data {
        var data = Data()
        while let chunk = readSome(descriptor), !chunk.isEmpty { data.append(chunk) }
        return data
    }

    /// The bytes available now, waiting for at least one; empty at end of file, nil on a read error.
    public static func readSome(_ descriptor: Int32, maximum: Int = 65_536) -> Data? {
        var buffer = [UInt8](repeating: 0, count: maximum)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count >= 0 { return Data(buffer[0..<count]) }
            switch errno {
            case EINTR: continue
            case EAGAIN:
                var wait = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                _ = poll(&wait, 1, 1000)
            default: return nil
            }
        }
    }
}

extension FileHandle {
    /// `readDataToEndOfFile()` without its trap on EINTR/EAGAIN (see `DescriptorReading`).
    public func readToEndRetrying() -> Data { DescriptorReading.readToEnd(fileDescriptor) }
}
