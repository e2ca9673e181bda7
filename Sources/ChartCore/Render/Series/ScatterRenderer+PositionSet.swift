extension ScatterRenderer {
  /// The symbol positions (in 1/100 px) already drawn in a chunk, per colour group.
  ///
  /// Open addressing with linear probing and a fixed mixing function: the standard `Set` seeds a
  /// SipHash per key, which cost a tenth of a 10,000-symbol render. Positions are bounded by the
  /// plot, and the mixer spreads neighbouring pixels over the table.
  struct PositionSet {
    private struct Slot {
      var x: Int64
      var y: Int64
      var group: Int
      var used: Bool
    }

    private var slots: [Slot]
    private var mask: Int
    private(set) var count = 0

    /// A set sized for about `expected` positions without growing.
    init(expected: Int) {
      var capacity = 16
      while capacity < 2 * expected { capacity *= 2 }
      slots = Array(repeating: Slot(x: 0, y: 0, group: 0, used: false), count: capacity)
      mask = capacity - 1
    }

    /// Adds the position; false when it was there already.
    mutating func insert(x: Int64, y: Int64, group: Int) -> Bool {
      if 2 * (count + 1) > slots.count { grow() }
      var i = Self.hash(x, y, group) & mask
      while slots[i].used {
        if slots[i].x == x, slots[i].y == y, slots[i].group == group { return false }
        i = (i + 1) & mask
      }
      slots[i] = Slot(x: x, y: y, group: group, used: true)
      count += 1
      return true
    }

    private mutating func grow() {
      let old = slots
      slots = Array(repeating: Slot(x: 0, y: 0, group: 0, used: false), count: old.count * 2)
      mask = slots.count - 1
      for slot in old where slot.used {
        var i = Self.hash(slot.x, slot.y, slot.group) & mask
        while slots[i].used { i = (i + 1) & mask }
        slots[i] = slot
      }
    }

    /// A 64-bit mix of the three fields (a multiply-xorshift finaliser).
    @inline(__always)
    static func hash(_ x: Int64, _ y: Int64, _ group: Int) -> Int {
      var h = UInt64(bitPattern: x) &* 0x9E37_79B9_7F4A_7C15
      h ^= UInt64(bitPattern: y) &* 0xC2B2_AE3D_27D4_EB4F
      h ^= UInt64(bitPattern: Int64(group)) &* 0x1656_67B1_9E37_79F9
      h ^= h >> 31
      h &*= 0xBF58_476D_1CE4_E5B9
      h ^= h >> 29
      return Int(truncatingIfNeeded: h)
    }
  }
}
