import Foundation

// The thin executable: parse arguments, run one command, exit.
let command: Arguments.Command
do {
  command = try Arguments.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
  let topic = CommandLine.arguments.dropFirst().first.flatMap { Arguments.commands.contains($0) ? " \($0)" : nil } ?? ""
  printError("\(error.message)\n(see chartd\(topic) --help)")
  exit(2)
}

switch command {
case .serve(let options): serve(options)
case .render(let options): exit(renderCommand(options))
case .replay(let options): exit(replayCommand(options))
case .schema(let name): exit(schemaCommand(name))
case .demo(let directory): exit(demoCommand(directory: directory))
case .version: print("chartd \(ChartdVersionText.text)")
case .help(let topic): print(Arguments.help(topic))
}
