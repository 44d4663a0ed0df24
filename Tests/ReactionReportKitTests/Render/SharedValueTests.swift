import ParallelWork
import XCTest

/// A week's view model is shared by its HTML and Markdown pages and must not outlive them: a
/// report over centuries has tens of thousands of weeks.
final class SharedValueTests: XCTestCase {
    final class Model {}

    func testMadeOnceForAllUsesAndLetGoAfterTheLast() {
        var made = 0
        weak var alive: Model?
        let shared = SharedValue(uses: 2) { () -> Model in
            made += 1
            let model = Model()
            alive = model
            return model
        }
        XCTAssertEqual(made, 0, "nothing is made before it is needed")
        var first: Model? = shared.take()
        first = nil
        XCTAssertNotNil(alive, "kept for the second use")
        var second: Model? = shared.take()
        XCTAssertEqual(made, 1)
        XCTAssertTrue(second === alive)
        second = nil
        XCTAssertNil(alive, "let go after the last use")
        _ = (first, second)
    }

    func testOneUseKeepsNothing() {
        weak var alive: Model?
        let shared = SharedValue(uses: 1) { () -> Model in
            let model = Model()
            alive = model
            return model
        }
        _ = shared.take()
        XCTAssertNil(alive)
    }
}
