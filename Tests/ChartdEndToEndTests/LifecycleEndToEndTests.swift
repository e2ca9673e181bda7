import ChartdJSON
import Foundation
import Testing

/// The real binary over pipes: lifecycle and exit codes.
@Suite(.serialized) struct LifecycleEndToEndTests {
  @Test func fullSessionExitsWithZero() throws {
    let d = try DaemonProcess()
    d.request(1, "initialize", ["processId": .null, "capabilities": [:]])
    let initResult = try #require(d.response(1)?["result"])
    #expect(initResult["serverInfo"]?["name"] == "chartd")
    d.notify("initialized", [:])
    d.request(2, "chart/open", ["uri": "mem:a", "version": 1, "spec": lineSpec])
    let open = try #require(d.response(2)?["result"])
    #expect(open["svg"]?.stringValue?.hasPrefix("<svg") == true)
    d.request(3, "shutdown")
    #expect(d.response(3)?["result"] == .null)
    d.notify("exit")
    #expect(d.waitForExit() == 0)
  }

  @Test func exitWithoutShutdownExitsWithOne() throws {
    let d = try DaemonProcess()
    d.request(1, "initialize", ["processId": .null])
    _ = d.response(1)
    d.notify("exit")
    #expect(d.waitForExit() == 1)
  }

  @Test func endOfInputEndsTheProcess() throws {
    let a = try DaemonProcess()
    a.closeInput()
    #expect(a.waitForExit() == 1)
    let b = try DaemonProcess()
    b.request(1, "initialize", ["processId": .null])
    _ = b.response(1)
    b.request(2, "shutdown")
    _ = b.response(2)
    b.closeInput()
    #expect(b.waitForExit() == 0)
  }

  @Test func parentProcessDeathEndsTheDaemon() throws {
    let parent = Process()
    parent.executableURL = URL(fileURLWithPath: "/bin/sleep")
    parent.arguments = ["0.3"]
    try parent.run()
    let d = try DaemonProcess(arguments: ["--clientProcessId", String(parent.processIdentifier)])
    d.request(1, "initialize", ["processId": .number(Double(parent.processIdentifier))])
    _ = d.response(1)
    parent.waitUntilExit()
    #expect(d.waitForExit(timeout: 5) == 1)
  }

  @Test func versionAndHelpFlags() throws {
    for flag in ["--version", "--help"] {
      let p = Process()
      p.executableURL = DaemonProcess.binary
      p.arguments = [flag]
      let out = Pipe()
      p.standardOutput = out
      try p.run()
      p.waitUntilExit()
      #expect(p.terminationStatus == 0)
      #expect(!out.fileHandleForReading.readDataToEndOfFile().isEmpty)
    }
  }

  @Test func badFlagExitsWithTwo() throws {
    let p = Process()
    p.executableURL = DaemonProcess.binary
    p.arguments = ["--framing", "xml"]
    p.standardError = Pipe()
    try p.run()
    p.waitUntilExit()
    #expect(p.terminationStatus == 2)
  }
}
