/// Walks a command line: options in any order, `--name value` or `--name=value`, and `--` to end
/// the options (after it every word is an operand, even one starting with `-`).
struct ArgumentCursor {
  private let args: [String]
  private var index = 0
  private var optionsEnded = false
  /// The value glued to the current option by `=`, if any.
  private var inlineValue: String?

  init(_ args: [String]) { self.args = args }

  /// One word of the command line.
  enum Word: Equatable {
    /// `-o`, `--output` (without any `=value`).
    case option(String)
    /// Anything else, including `-` (stdin or stdout).
    case operand(String)
  }

  /// The next word, or nil at the end. A value given with `=` must be taken by `value(for:)`.
  mutating func next() throws(ArgumentError) -> Word? {
    if let glued = inlineValue {
      throw ArgumentError("'\(args[index - 1])': option takes no value (got '\(glued)')")
    }
    guard index < args.count else { return nil }
    let word = args[index]
    index += 1
    if optionsEnded || word == "-" || !word.hasPrefix("-") { return .operand(word) }
    if word == "--" {
      optionsEnded = true
      return try next()
    }
    if word.hasPrefix("--"), let eq = word.firstIndex(of: "=") {
      inlineValue = String(word[word.index(after: eq)...])
      return .option(String(word[..<eq]))
    }
    return .option(word)
  }

  /// The value of the option just read: glued with `=`, or the next word.
  mutating func value(for option: String) throws(ArgumentError) -> String {
    if let glued = inlineValue {
      inlineValue = nil
      return glued
    }
    guard index < args.count else { throw ArgumentError("\(option) needs a value") }
    index += 1
    return args[index - 1]
  }

  /// A value that must be a whole number > 0.
  mutating func positiveInteger(for option: String) throws(ArgumentError) -> Int {
    let v = try value(for: option)
    guard let n = Int(v), n > 0 else { throw ArgumentError("\(option) needs a positive whole number, got '\(v)'") }
    return n
  }

  /// A value that must be a number > 0.
  mutating func positiveNumber(for option: String) throws(ArgumentError) -> Double {
    let v = try value(for: option)
    guard let n = Double(v), n.isFinite, n > 0 else { throw ArgumentError("\(option) needs a positive number, got '\(v)'") }
    return n
  }
}

/// A command line that cannot be used, with the message for the user.
struct ArgumentError: Error, Equatable {
  var message: String
  init(_ message: String) { self.message = message }
}
