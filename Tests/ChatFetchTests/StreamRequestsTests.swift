import ChatFetch
import XCTest

/// The requests `fetch stream` makes: the server-side token and what each request carries.
final class StreamRequestsTests: XCTestCase {
    func testTheServerTokenIsAnHS256JWTOfServerTrue() {
        // The same token PyJWT-style signing gives (computed with Python's hmac and base64).
        XCTAssertEqual(StreamRequests.serverToken(secret: "5ecre7-stream-secret"), StreamEmulator.token)
    }

    func testAnExportIsAPostWithTheChannelAndItsStart() {
        let requests = StreamRequests(apiKey: "key", secret: "5ecre7-stream-secret")
        let export = requests.export(type: "messaging", id: "general", since: "2024-01-01T00:00:00.000000Z")
        XCTAssertEqual(export.method, .post)
        XCTAssertEqual(export.path, "/export_channels")
        XCTAssertEqual(export.queryText, "api_key=key")
        XCTAssertEqual(
            String(decoding: export.body, as: UTF8.self),
            #"{"channels":[{"type":"messaging","id":"general","messages_since":"2024-01-01T00:00:00.000000Z"}],"version":"v1"}"#)
        XCTAssertEqual(export.headers, ["Authorization: " + StreamEmulator.token, "Stream-Auth-Type: jwt", "Content-Type: application/json"])
        let status = requests.status("task/1")
        XCTAssertEqual(status.method, .get)
        XCTAssertEqual(status.path, "/export_channels/task%2F1")
        XCTAssertEqual(status.headers, ["Authorization: " + StreamEmulator.token, "Stream-Auth-Type: jwt"])
        // A download carries none of Stream's headers, and its URL as given.
        let download = APIRequest.download("https://s3.example/export.json?X-Amz-Signature=1")
        XCTAssertEqual(download.headers, [])
        XCTAssertEqual(download.absoluteURL, "https://s3.example/export.json?X-Amz-Signature=1")
    }
}
