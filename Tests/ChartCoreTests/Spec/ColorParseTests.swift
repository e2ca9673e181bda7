import Testing

@testable import ChartCore

@Suite("Colours in CSS notation")
struct ColorParseTests {
  private func rgba(_ text: String) -> String? {
    guard let c = Color(parsing: text) else { return nil }
    return c.hexString + (c.alpha == 1 ? "" : " \(c.alpha)")
  }

  @Test func hexadecimalForms() {
    #expect(rgba("#abc") == "#aabbcc")
    #expect(rgba("#ABCD") == "#aabbcc 0.8666666666666667")
    #expect(rgba("#4e79a7") == "#4e79a7")
    #expect(rgba("#4e79a780") == "#4e79a7 0.5019607843137255")
    for bad in ["#", "#12", "#12345", "#1234567", "#ggg", "#+12", "4e79a7"] { #expect(rgba(bad) == nil, "\(bad)") }
  }

  @Test func rgbWithCommasSpacesPercentagesAndAlpha() {
    #expect(rgba("rgb(255, 0, 0)") == "#ff0000")
    #expect(rgba("rgba(255,0,0,0.5)") == "#ff0000 0.5")
    #expect(rgba("rgb(100%, 50%, 0%)") == "#ff8000")
    #expect(rgba("rgb(255 0 0)") == "#ff0000")
    #expect(rgba("rgb(0 0 255 / 25%)") == "#0000ff 0.25")
    #expect(rgba("RGBA( 0  0 255 /.5 )") == "#0000ff 0.5")
    #expect(rgba("rgb(1e2, 0.4, 0.6)") == "#640001")
    #expect(rgba("rgba(0, 0, 0, 0)") == "#000000 0.0")
  }

  @Test func rgbRefusesWhatCSSDoesNotWriteAndWhatIsOutOfRange() {
    let bad = [
      "rgb(256, 0, 0)", "rgb(-1, 0, 0)", "rgb(101%, 0%, 0%)", "rgba(0, 0, 0, 1.5)", "rgba(0, 0, 0, 101%)",
      "rgb(255, 0)", "rgb(255, 0, 0, 1, 1)", "rgb(255,0,0,)", "rgb(255, 0 0)", "rgb(255 0 0 0)", "rgb(255, 0, 0 / 1)",
      "rgb(0 0 0 / 1 / 1)", "rgb(nan, 0, 0)", "rgb(inf, 0, 0)", "rgb(0x10, 0, 0)", "rgb(1., 0, 0)", "rgb(., 0, 0)",
      "rgb(1e, 0, 0)", "rgb(0, 0, 0", "rgb 0, 0, 0)", "rgb()", "cmyk(0, 0, 0, 0)", "rgb(0 0 0 / )",
    ]
    for text in bad { #expect(rgba(text) == nil, "\(text)") }
  }

  @Test func hslAsCSSColour4ConvertsIt() {
    // Values from the hsl() definition's own conversion, each channel rounded to 256 levels.
    #expect(rgba("hsl(0, 100%, 50%)") == "#ff0000")
    #expect(rgba("hsl(120, 100%, 25%)") == "#008000")
    #expect(rgba("hsl(240, 100%, 50%)") == "#0000ff")
    #expect(rgba("hsl(180, 50%, 50%)") == "#40bfbf")
    #expect(rgba("hsl(270, 50%, 40%)") == "#663399")  // rebeccapurple
    #expect(rgba("hsl(0, 0%, 100%)") == "#ffffff")
    #expect(rgba("hsl(0 0% 0%)") == "#000000")
    #expect(rgba("hsla(120, 100%, 50%, 0.3)") == "#00ff00 0.3")
    #expect(rgba("hsl(120deg 100% 50% / 30%)") == "#00ff00 0.3")
  }

  @Test func hueUnitsAndTurnsAroundTheCircle() {
    #expect(rgba("hsl(0.5turn, 100%, 50%)") == rgba("hsl(180, 100%, 50%)"))
    #expect(rgba("hsl(200grad, 100%, 50%)") == rgba("hsl(180, 100%, 50%)"))
    #expect(rgba("hsl(3.141592653589793rad, 100%, 50%)") == rgba("hsl(180, 100%, 50%)"))
    #expect(rgba("hsl(-60, 100%, 50%)") == rgba("hsl(300, 100%, 50%)"))
    #expect(rgba("hsl(480, 100%, 50%)") == rgba("hsl(120, 100%, 50%)"))
    for bad in ["hsl(0, 101%, 50%)", "hsl(0, 50%, -1%)", "hsl(1deg2, 50%, 50%)", "hsl(deg, 50%, 50%)", "hsl(0, 50%)"] {
      #expect(rgba(bad) == nil, "\(bad)")
    }
  }

  /// Every hue at every tenth of saturation and lightness lands within half a level of the
  /// conversion written the other common way (chroma, then the sextant).
  @Test func hslAgreesWithTheSextantConversion() {
    for h in stride(from: 0.0, to: 360, by: 7.5) {
      for s in stride(from: 0.0, through: 1, by: 0.1) {
        for l in stride(from: 0.0, through: 1, by: 0.1) {
          let c = (1 - abs(2 * l - 1)) * s
          let x = c * (1 - abs((h / 60).truncatingRemainder(dividingBy: 2) - 1))
          let m = l - c / 2
          let (r, g, b): (Double, Double, Double) =
            h < 60 ? (c, x, 0) : h < 120 ? (x, c, 0) : h < 180 ? (0, c, x) : h < 240 ? (0, x, c) : h < 300 ? (x, 0, c) : (c, 0, x)
          let got = Color.fromHSL(hue: h, saturation: s, lightness: l)
          for (channel, want) in [(got.red, r + m), (got.green, g + m), (got.blue, b + m)] {
            #expect(abs(Double(channel) - want * 255) <= 0.5 + 1e-9, "hsl(\(h), \(s), \(l))")
          }
        }
      }
    }
  }

  @Test func everyCSSNameAndTransparent() {
    #expect(Color.named.count == 148)
    #expect(rgba("rebeccapurple") == "#663399")
    #expect(rgba("LightGoldenRodYellow") == "#fafad2")
    #expect(rgba("  steelblue\n") == "#4682b4")
    #expect(rgba("transparent") == "#000000 0.0")
    #expect(rgba("steel blue") == nil)
    #expect(rgba("") == nil)
  }

  @Test func aColourNamesItselfWhenOneNameHasItsValue() {
    #expect(Color(hex: 0x663399).name == "rebeccapurple")
    #expect(Color(hex: 0x00ffff).name == "aqua")
    #expect(Color(hex: 0x808080).name == "gray")
    #expect(Color(hex: 0x4e79a7).name == nil)
    #expect(Color(hex: 0xff0000, alpha: 0.5).name == nil)
    for (name, value) in Color.named { #expect(Color(hex: value).name.flatMap { Color.named[$0] } == value, "\(name)") }
  }

  @Test func aMisspeltNameGetsTheClosestOne() {
    #expect(Color.problem(with: "stelblue") == "'stelblue' is not a colour (did you mean 'steelblue'?)")
    #expect(Color.problem(with: "Grean") == "'Grean' is not a colour (did you mean 'green'?)")
    #expect(Color.problem(with: "transparant") == "'transparant' is not a colour (did you mean 'transparent'?)")
    #expect(Color.problem(with: "#12") == "'#12' is not a colour (\(Color.formsHint))")
    #expect(Color.problem(with: "zzzzzzzz") == "'zzzzzzzz' is not a colour (\(Color.formsHint))")
  }
}
