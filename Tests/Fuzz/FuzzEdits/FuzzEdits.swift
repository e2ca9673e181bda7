import ChartdOracle
import Foundation

// libFuzzer target (built only with CHARTD_FUZZ=1 and -sanitize=fuzzer; see scripts/fuzz).
// The checks live in ChartdOracle's FuzzChecks.edits; a broken invariant traps so that libFuzzer
// records the input.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafeRawPointer?, _ size: Int) -> CInt {
  let bytes = data.map { Array(UnsafeRawBufferPointer(start: $0, count: size)) } ?? []
  if let problem = FuzzChecks.edits(bytes, trace: trace, checkGetSpec: checkGetSpec) {
    FileHandle.standardError.write(Data("FuzzEdits: \(problem)\n".utf8))
    fatalError("FuzzEdits found a broken invariant")
  }
  return 0
}

/// `CHARTD_FUZZ_TRACE=1 ./FuzzEdits crash-…` prints every message of the conversation.
let trace: (@Sendable (String) -> Void)? = ProcessInfo.processInfo.environment["CHARTD_FUZZ_TRACE"] == "1"
  ? { @Sendable line in FileHandle.standardError.write(Data((line + "\n").utf8)) } : nil

/// `CHARTD_FUZZ_NO_GETSPEC=1` leaves out check (b), to fuzz past a known open defect there.
let checkGetSpec = ProcessInfo.processInfo.environment["CHARTD_FUZZ_NO_GETSPEC"] != "1"

@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
  _ argc: UnsafeMutablePointer<CInt>,
  _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
  _ callback: @convention(c) (UnsafeRawPointer?, Int) -> CInt
) -> CInt

@_cdecl("FuzzEdits_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
  var c = argc, v = argv
  return LLVMFuzzerRunDriver(&c, &v) { fuzzOne($0, $1) }
}
