import ChartdProtocol
import Synchronization

/// Which queued requests a client has cancelled, kept only while those requests wait.
///
/// A request id is in flight from the moment the reader queues it until the worker takes it. A
/// `$/cancelRequest` for an id that is not in flight (unknown, or already answered) is dropped at
/// once, so the set never outgrows the queue, and a later request that reuses the id is not hit by
/// a cancel that came too late for the earlier one.
///
/// - Important: `queued` and `cancel` run on the reader thread, `take` on the worker.
final class CancellationTracker: Sendable {
  private struct State {
    /// Queued requests per id (a client may reuse an id while the first is still queued).
    var inFlight: [RequestID: Int] = [:]
    var cancelled: Set<RequestID> = []
  }

  private let state = Mutex(State())

  /// A request with `id` was queued.
  func queued(_ id: RequestID) {
    state.withLock { $0.inFlight[id, default: 0] += 1 }
  }

  /// The client cancelled `id`: remembered only while a request with that id waits.
  func cancel(_ id: RequestID) {
    state.withLock { s in
      if s.inFlight[id] != nil { s.cancelled.insert(id) }
    }
  }

  /// The worker takes the request `id`; true when it was cancelled before it ran.
  func take(_ id: RequestID) -> Bool {
    state.withLock { s in
      // Every request comes here: the id is hashed once, and not at all for the cancelled set
      // while nothing is cancelled (nearly always).
      let wasCancelled = !s.cancelled.isEmpty && s.cancelled.remove(id) != nil
      if let k = s.inFlight.index(forKey: id) {
        if s.inFlight.values[k] > 1 { s.inFlight.values[k] -= 1 } else { s.inFlight.remove(at: k) }
      }
      return wasCancelled
    }
  }

  /// Ids remembered (tests check the bound).
  var counts: (inFlight: Int, cancelled: Int) {
    state.withLock { ($0.inFlight.count, $0.cancelled.count) }
  }
}
