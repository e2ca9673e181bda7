/// Reads SVG path data as a renderer does, independently of `PathBuilder`: any command, absolute or
/// relative, numbers in any form the path grammar allows ("-.5", "1.5.5", "1e2"), implicit repeats.
/// Tests compare what a path draws through `absolute(_:)`, so they do not depend on how it is written.
enum PathData {
  /// One drawing command with absolute coordinates: `letter` is upper case.
  struct Command: Equatable {
    var letter: Character
    var numbers: [Double]
  }

  /// The path as absolute commands, one per segment (an implicit repeat becomes its own command).
  static func commands(_ d: String) -> [Command] {
    var out: [Command] = []
    var current = (x: 0.0, y: 0.0), start = (x: 0.0, y: 0.0)
    for (letter, numbers) in tokens(d) {
      let relative = letter.isLowercase
      let upper = Character(letter.uppercased())
      let arity: Int
      switch upper {
      case "M", "L": arity = 2
      case "H", "V": arity = 1
      case "C": arity = 6
      case "A": arity = 7
      default: arity = 0
      }
      if arity == 0 {
        out.append(Command(letter: "Z", numbers: []))
        current = start
        continue
      }
      var k = 0
      var first = true
      while k + arity <= numbers.count {
        var n = Array(numbers[k..<(k + arity)])
        k += arity
        // After a move, further pairs are lines of the same relativity.
        let command: Character = upper == "M" && !first ? "L" : upper
        first = false
        let base = current
        switch upper {
        case "M", "L":
          if relative { n[0] += base.x; n[1] += base.y }
          current = (round(n[0]), round(n[1]))
          n = [current.x, current.y]
          if command == "M" { start = current }
        case "H":
          if relative { n[0] += base.x }
          current.x = round(n[0])
          n = [current.x]
        case "V":
          if relative { n[0] += base.y }
          current.y = round(n[0])
          n = [current.y]
        case "C":
          if relative { for i in 0..<6 { n[i] += i % 2 == 0 ? base.x : base.y } }
          n = n.map(round)
          current = (n[4], n[5])
        default:  // A
          if relative { n[5] += base.x; n[6] += base.y }
          n = n.map(round)
          current = (n[5], n[6])
        }
        out.append(Command(letter: command, numbers: n))
      }
    }
    return out
  }

  /// The path written back with absolute commands and plain numbers: "M0 100L50 50L100 0Z".
  static func absolute(_ d: String) -> String {
    commands(d).map { c in
      String(c.letter) + c.numbers.map(text).joined(separator: " ")
    }.joined()
  }

  /// Sums of steps of hundredths are kept at hundredths: 0.1 + 0.2 is 0.3 here.
  private static func round(_ v: Double) -> Double { (v * 100).rounded() / 100 }

  /// A number as the shortest decimal of at most two places ("5", "-0.5", "12.25"), as an absolute
  /// command writes it.
  private static func text(_ v: Double) -> String {
    // Clamped coordinates are whole numbers beyond what hundredths of an Int can hold.
    if abs(v) >= 9e13 { return String(Int64(v)) }
    let h = Int((v * 100).rounded())
    let sign = h < 0 ? "-" : ""
    let whole = abs(h) / 100, frac = abs(h) % 100
    guard frac != 0 else { return sign + String(whole) }
    let digits = frac % 10 == 0 ? String(frac / 10) : (frac < 10 ? "0" : "") + String(frac)
    return sign + String(whole) + "." + digits
  }

  /// Command letters with their numbers, split as the SVG path grammar reads them.
  static func tokens(_ d: String) -> [(Character, [Double])] {
    var out: [(Character, [Double])] = []
    var letter: Character? = nil
    var numbers: [Double] = []
    var number = ""
    var sawPoint = false, sawExponent = false
    func endNumber() {
      if !number.isEmpty { numbers.append(Double(number) ?? .nan) }
      number = ""
      sawPoint = false
      sawExponent = false
    }
    for ch in d {
      switch ch {
      case "0"..."9":
        number.append(ch)
      case ".":
        // A second point starts the next number.
        if sawPoint || sawExponent { endNumber() }
        number.append(ch)
        sawPoint = true
      case "-", "+":
        // A sign starts a number, except right after an exponent's "e".
        if let last = number.last, last == "e" || last == "E" { number.append(ch) } else {
          endNumber()
          number.append(ch)
        }
      case "e" where !number.isEmpty, "E" where !number.isEmpty:
        number.append(ch)
        sawExponent = true
      case " ", ",", "\n", "\t":
        endNumber()
      default:
        endNumber()
        if let l = letter { out.append((l, numbers)) }
        letter = ch
        numbers = []
      }
    }
    endNumber()
    if let l = letter { out.append((l, numbers)) }
    return out
  }
}
