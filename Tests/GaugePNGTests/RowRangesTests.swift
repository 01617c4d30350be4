import Testing

@testable import GaugePNG

/// Rows kept as a few disjoint ranges (`RowRanges`): in order, joined where they meet, and
/// never more than the limit, every row inserted still held.
@Suite struct RowRangesTests {
  @Test func anEmptySetHoldsNoRow() {
    var rows = RowRanges()
    #expect(rows.isEmpty && rows.ranges.isEmpty)
    rows.insert(5..<5)
    #expect(rows.isEmpty)
    #expect(RowRanges(7..<7).isEmpty)
    #expect(!rows.contains(0) && !rows.overlaps(0..<100))
  }

  @Test func rangesApartStayApartInOrder() {
    var rows = RowRanges(200..<230)
    rows.insert(20..<80)
    rows.insert(100..<110)
    #expect(rows.ranges == [20..<80, 100..<110, 200..<230])
    #expect(rows.contains(20) && rows.contains(79) && !rows.contains(80) && !rows.contains(150))
    #expect(rows.overlaps(79..<81) && !rows.overlaps(80..<100) && rows.overlaps(0..<1000))
  }

  /// Ranges that overlap or touch become one, however many they bridge.
  @Test func meetingRangesJoin() {
    var rows = RowRanges(10..<20)
    rows.insert(20..<25)
    #expect(rows.ranges == [10..<25])
    rows.insert(40..<50)
    rows.insert(60..<70)
    rows.insert(5..<12)
    #expect(rows.ranges == [5..<25, 40..<50, 60..<70])
    rows.insert(24..<61)
    #expect(rows.ranges == [5..<70])
    // Drawing on within the last range, and growing it, as a shape's spans do.
    rows.insert(66..<90)
    #expect(rows.ranges == [5..<90])
  }

  /// Past the limit, the two ranges with the fewest rows between them join.
  @Test func pastTheLimitTheClosestJoin() {
    var rows = RowRanges()
    for start in [0, 100, 103, 200] { rows.insert(start..<(start + 2)) }
    #expect(rows.ranges.count == RowRanges.limit)
    rows.insert(300..<302)
    #expect(rows.ranges == [0..<2, 100..<105, 200..<202, 300..<302])
    // 45 rows from 105 to 150, 49 from 151 to 200.
    rows.insert(150..<151)
    #expect(rows.ranges == [0..<2, 100..<151, 200..<202, 300..<302])
  }

  /// Each range keeps the smallest range of the columns inserted with its rows, joined as
  /// its rows are; rows inserted without columns stand for every column.
  @Test func columnsFollowTheirRows() {
    var rows = RowRanges()
    rows.insert(20..<80, columns: 300..<340)
    rows.insert(200..<230, columns: 150..<250)
    rows.insert(70..<90, columns: 280..<310)
    #expect(rows.ranges == [20..<90, 200..<230])
    #expect(rows.columns == [280..<340, 150..<250])
    rows.insert(85..<210, columns: 10..<12)
    #expect(rows.ranges == [20..<230] && rows.columns == [10..<340])
    rows.insert(500..<501)
    #expect(rows.columns == [10..<340, 0..<Int.max])
    var joined = RowRanges()
    for start in [0, 100, 103, 200, 300] {
      joined.insert(start..<(start + 2), columns: start..<(start + 10))
    }
    #expect(joined.ranges == [0..<2, 100..<105, 200..<202, 300..<302])
    #expect(joined.columns == [0..<10, 100..<113, 200..<210, 300..<310])
  }
}
