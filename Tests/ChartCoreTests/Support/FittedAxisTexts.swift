import ChartdJSON
import Testing
@testable import ChartCore

/// The x axis's texts as the axis's own fitting leaves them: before the layout's last step, which
/// would hide any overlap the fitting left (what a test of the fitting's rules must look at).
enum FittedAxisTexts {
  static func x(_ json: JSONValue) throws -> [AxisTexts.Drawn] {
    let model = ChartModel(spec: try #require(ChartSpec.parse(json, log: DiagnosticLog())))
    var memos = AxisMemos()
    let l = LayoutEngine.fitted(model, plans: AxisPlanner.plans(model), memos: &memos)
    return AxisTexts.all(try #require(l.x), plot: l.frame)
  }
}
