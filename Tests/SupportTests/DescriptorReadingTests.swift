import Foundation
import Glibc
import Support
import Testing

@Suite struct DescriptorReadingTests {
    @Test func readsEveryChunkToEndOfFile() throws {
        let pipe = Pipe()
        let writer = pipe.fileHandleForWriting
        Thread.detachNewThread {
            for index in 0..<50 { writer.write(Data(repeating: UInt8(index), count: 3_000)); usleep(200) }
            try? writer.close()
        }
        let data = pipe.fileHandleForReading.readToEndRetrying()
        #expect(data.count == 150_000)
        #expect(data.last == 49)
    }

    /// EAGAIN on a non-blocking descriptor waits for data instead of trapping as `availableData` does.
    @Test func aNonBlockingPipeWaitsForData() throws {
        let pipe = Pipe()
        let descriptor = pipe.fileHandleForReading.fileDescriptor
        #expect(fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK) == 0)
        let writer = pipe.fileHandleForWriting
        Thread.detachNewThread { usleep(50_000); writer.write(Data("ready\n".utf8)); try? writer.close() }
        #expect(DescriptorReading.readSome(descriptor) == Data("ready\n".utf8))
        #expect(DescriptorReading.readSome(descriptor) == Data())
    }

    @Test func aReadErrorEndsTheRead() {
        #expect(DescriptorReading.readSome(-1) == nil)
        #expect(DescriptorReading.readToEnd(-1).isEmpty)
    }
}
