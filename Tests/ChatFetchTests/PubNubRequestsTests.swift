import ChatFetch
import XCTest

/// The requests `fetch pubnub` makes: paths, queries and signatures.
final class PubNubRequestsTests: XCTestCase {
    func testAHistoryRequestIsSignedAsPubNubsSDKsSignIt() {
        let requests = PubNubRequests(
            subscribeKey: "sub-c-test", publishKey: "pub-c-test", authKey: "token-1", secretKey: "sec-c-test", userID: "reaction-report", now: { 1_700_000_000 }
        )
        let request = requests.history("general", start: 2, end: 1)
        XCTAssertEqual(request.path, "/v3/history-with-actions/sub-key/sub-c-test/channel/general")
        // The signature, computed by Python's hmac and base64 modules over
        // "GET\npub-c-test\n{path}\n{query without signature}\n".
        XCTAssertEqual(
            request.queryText,
            "auth=token-1&end=1&include_message_type=true&include_meta=true&include_uuid=true&max=25&start=2&timestamp=1700000000&uuid=reaction-report"
                + "&signature=v2.veM591l8WpSt1F0QmXh1rE4W-nGEqGQMjbFgaPFG1Os")
    }

    func testWithoutASecretKeyNothingIsSigned() {
        let request = PubNubRequests(subscribeKey: "sub-c-test").actions("general", start: 20, end: nil)
        XCTAssertEqual(request.path, "/v1/message-actions/sub-c-test/channel/general")
        XCTAssertEqual(request.queryText, "limit=100&start=20&uuid=reaction-report")
    }

    func testChannelNamesAndValuesAreEncoded() {
        let request = PubNubRequests(subscribeKey: "sub-c-test", authKey: "a b/c~d+é").actions("../design/ux ✨?#", start: 5, end: 4)
        XCTAssertEqual(request.path, "/v1/message-actions/sub-c-test/channel/..%2Fdesign%2Fux%20%E2%9C%A8%3F%23")
        XCTAssertEqual(request.queryText, "auth=a%20b/c%7Ed%2B%C3%A9&end=4&limit=100&start=5&uuid=reaction-report")
    }
}
