import ChartdOracle
import Foundation

// libFuzzer target (built only with CHARTD_FUZZ=1 and -sanitize=fuzzer; see scripts/fuzz).
// The checks live in ChartdOracle's FuzzChecks.framing; a broken invariant traps so that libFuzzer
// records the input.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafeRawPointer?, _ size: Int) -> CInt {
  let bytes = data.map { Array(UnsafeRawBufferPointer(start: $0, count: size)) } ?? []
  if let problem = FuzzChecks.framing(bytes) {
    FileHandle.standardError.write(Data("FuzzFraming: \(problem)\n".utf8))
    fatalError("FuzzFraming found a broken invariant")
  }
  return 0
}

@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
  _ argc: UnsafeMutablePointer<CInt>,
  _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
  _ callback: @convention(c) (UnsafeRawPointer?, Int) -> CInt
) -> CInt

@_cdecl("FuzzFraming_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
  var c = argc, v = argv
  return LLVMFuzzerRunDriver(&c, &v) { fuzzOne($0, $1) }
}
