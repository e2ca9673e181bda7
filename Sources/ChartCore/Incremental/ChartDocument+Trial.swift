/// The document as the checked edits so far would leave it, built only when a check needs it.
///
/// Most checks need only the `Shape` (ids and counts). A merge patch and a stack-segment highlight
/// need the entries themselves; for those the earlier steps are applied to a copy of the model with
/// the same code that applies them for real, so a check can never see another state than the edit
/// will meet.
struct Trial {
  private let document: ChartModel
  private let earlier: [EditPlan]
  private var state: ChartModel?
  /// Steps of the current plan already applied to `state`.
  private var applied = 0

  init(document: ChartModel, earlier: [EditPlan]) {
    self.document = document
    self.earlier = earlier
  }

  /// The model after the earlier plans and the steps of `plan` checked so far.
  mutating func model(before plan: EditPlan) -> ChartModel {
    var m = state ?? earlier.reduce(into: document) { m, p in
      for step in p.steps { ChartDocument.apply(step, to: &m) }
    }
    while applied < plan.steps.count {
      ChartDocument.apply(plan.steps[applied], to: &m)
      applied += 1
    }
    state = m
    return m
  }
}
