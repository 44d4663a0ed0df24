import ChatFetch
import Foundation
import XCTest

/// Credentials from the environment or a file, never shown.
final class FetchSecretsTests: XCTestCase {
    let names = ["PUBNUB_SUBSCRIBE_KEY", "PUBNUB_AUTH_KEY"]

    func testTheEnvironmentIsReadWhenNoFileIsGiven() throws {
        let secrets = try FetchSecrets.load(names, environment: ["PUBNUB_SUBSCRIBE_KEY": "sub-c-1", "PUBNUB_AUTH_KEY": "", "HOME": "/root"], file: nil)
        XCTAssertEqual(secrets["PUBNUB_SUBSCRIBE_KEY"], "sub-c-1")
        XCTAssertNil(secrets["PUBNUB_AUTH_KEY"], "an empty value is no value")
        XCTAssertEqual("\(secrets)", "credentials PUBNUB_SUBSCRIBE_KEY from the environment")
        XCTAssertEqual(String(reflecting: secrets), "credentials PUBNUB_SUBSCRIBE_KEY from the environment")
    }

    func testAFileOfNameValueLines() throws {
        let file = try FetchTestSupport.temporaryFolder().appendingPathComponent("keys.env")
        try "# PubNub\n\n PUBNUB_SUBSCRIBE_KEY = 'sub-c-2' \nPUBNUB_AUTH_KEY=\"a=b\"\nOTHER=x\n".write(to: file, atomically: true, encoding: .utf8)
        let secrets = try FetchSecrets.load(names, environment: ["PUBNUB_SUBSCRIBE_KEY": "sub-c-from-the-environment"], file: file.path)
        XCTAssertEqual(secrets["PUBNUB_SUBSCRIBE_KEY"], "sub-c-2")
        XCTAssertEqual(secrets["PUBNUB_AUTH_KEY"], "a=b")
        XCTAssertEqual(secrets.values, ["sub-c-2", "a=b"])
    }

    func testABadLineIsNamedByItsNumberNotItsText() throws {
        let file = try FetchTestSupport.temporaryFolder().appendingPathComponent("keys.env")
        try "PUBNUB_SUBSCRIBE_KEY=sub-c-3\nsub-c-secret-pasted-alone\n".write(to: file, atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try FetchSecrets.load(names, environment: [:], file: file.path)) { error in
            XCTAssertEqual(
                (error as? FetchError)?.description,
                "line 2 of the credentials file '\(file.path)' is not NAME=value (its text is not shown, as it may be secret)")
        }
    }
}
