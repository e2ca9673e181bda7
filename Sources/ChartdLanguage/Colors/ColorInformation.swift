import ChartCore
import ChartdJSON

/// An LSP colour (`Color`): red, green, blue and alpha, each 0 … 1.
public struct ColorComponents: Sendable, Equatable {
  public var red: Double
  public var green: Double
  public var blue: Double
  public var alpha: Double

  public init(red: Double, green: Double, blue: Double, alpha: Double) {
    self.red = red
    self.green = green
    self.blue = blue
    self.alpha = alpha
  }

  public init(_ c: Color) {
    self.init(red: Double(c.red) / 255, green: Double(c.green) / 255, blue: Double(c.blue) / 255, alpha: c.alpha)
  }

  /// The nearest colour a spec can write: each channel rounded to 256 levels (components are
  /// clamped to 0 … 1 first).
  public var color: Color {
    func level(_ v: Double) -> UInt8 { UInt8((min(max(v, 0), 1) * 255).rounded()) }
    return Color(red: level(red), green: level(green), blue: level(blue), alpha: min(max(alpha, 0), 1))
  }

  public var json: JSONValue { ["red": .number(red), "green": .number(green), "blue": .number(blue), "alpha": .number(alpha)] }
}

/// An LSP `ColorInformation`: a colour the spec writes and where (the string, quotes included).
public struct ColorInformation: Sendable, Equatable {
  public var range: TextRange
  public var color: ColorComponents

  public var json: JSONValue { ["range": range.json, "color": color.json] }
}

/// An LSP `ColorPresentation`: one way to write a colour, and the edit that writes it.
public struct ColorPresentation: Sendable, Equatable {
  public var label: String
  public var range: TextRange
  public var newText: String

  public var json: JSONValue { ["label": .string(label), "textEdit": ["range": range.json, "newText": .string(newText)]] }
}
