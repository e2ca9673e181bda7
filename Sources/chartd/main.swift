import Foundation

// The thin executable: parse arguments, run one command, exit.
let arguments: Arguments
do {
  arguments = try Arguments.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
  FileHandle.standardError.write(Data("chartd: \(error.message)\n\n\(Arguments.usage)\n".utf8))
  exit(2)
}

switch arguments.command {
case .serve: serve(arguments)
case .render(let spec, let output): exit(renderCommand(specPath: spec, output: output))
case .demo(let directory): exit(demoCommand(directory: directory))
case .version: print("chartd \(ChartdVersionText.text)")
case .help: print(Arguments.usage)
}
