import ChartdJSON
import Testing
@testable import ChartdProtocol

/// The language server's messages decode their nested params and point at the field at fault.
@Suite struct TextDocumentDecodingTests {
  @Test func didChangeWithRangeAndWholeTextChanges() throws {
    let n = try DidChangeTextDocumentNotification(params: [
      "textDocument": ["uri": "file:///a.chart.json", "version": 7],
      "contentChanges": [
        ["range": ["start": ["line": 1, "character": 2], "end": ["line": 1, "character": 4]], "text": "ab"],
        ["text": "{}"],
      ],
    ])
    #expect(n.uri == "file:///a.chart.json" && n.version == 7)
    #expect(n.changes == [
      .init(range: DocumentRange(start: DocumentPosition(line: 1, character: 2), end: DocumentPosition(line: 1, character: 4)), text: "ab"),
      .init(range: nil, text: "{}"),
    ])
  }

  @Test func errorsNameTheNestedField() {
    func path(_ body: () throws -> Void) -> String? {
      do { try body(); return nil } catch let error as ResponseError {
        return error.data?["diagnostics"]?.arrayValue?.first?["path"]?.stringValue
      } catch {
        return "not a ResponseError: \(error)"
      }
    }
    #expect(path { _ = try DidOpenTextDocumentNotification(params: ["textDocument": ["uri": "x", "version": 1]]) } == "/textDocument/text")
    #expect(path { _ = try CompletionRequest(params: ["textDocument": ["uri": "x"], "position": ["line": -1, "character": 0]]) }
      == "/position/line")
    #expect(path {
      _ = try DidChangeTextDocumentNotification(params: ["textDocument": ["uri": "x", "version": 2],
        "contentChanges": [["text": "a"], ["range": ["start": ["line": 0]], "text": "b"]]])
    } == "/contentChanges/1/range/start/character")
    #expect(path { _ = try PreviewChartRequest(params: ["textDocument": "x"]) } == "/textDocument")
  }

  @Test func updateWithoutAVersion() throws {
    let r = try UpdateChartRequest(params: ["uri": "file:///a.chart.json", "edits": []])
    #expect(r.versionOmitted)
    #expect(try !UpdateChartRequest(params: ["uri": "u", "version": 3, "edits": []]).versionOmitted)
  }
}
