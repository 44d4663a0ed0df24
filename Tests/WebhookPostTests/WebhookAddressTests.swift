import Foundation
import XCTest

@testable import WebhookPost

/// Where the webhook URL comes from, and that nothing made of it shows more than its host.
final class WebhookAddressTests: XCTestCase {
    let secretURL = "https://hooks.slack.com/services/T000/B000/SECRETtoken"

    func file(_ text: String) throws -> String {
        let path = try WebhookTestSupport.temporaryFolder().appendingPathComponent("hook.txt").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    func message(_ body: () throws -> WebhookAddress) -> String? {
        do {
            _ = try body()
            return nil
        } catch {
            return (error as? DeliveryError)?.description
        }
    }

    func testTheEnvironmentVariableGivesTheAddress() throws {
        let address = try WebhookAddress.resolve(environment: ["REACTION_REPORT_WEBHOOK": " \(secretURL)\n"], file: nil)
        XCTAssertEqual(address.url.absoluteString, secretURL)
        XCTAssertEqual(address.host, "hooks.slack.com")
        XCTAssertEqual(address.source, "REACTION_REPORT_WEBHOOK")
    }

    func testTheFilesFirstNonEmptyLineWinsOverTheEnvironment() throws {
        let path = try file("\r\n   \n\thttps://discord.com/api/webhooks/1/SECRET \r\nhttps://other.example/x\n")
        let address = try WebhookAddress.resolve(environment: ["REACTION_REPORT_WEBHOOK": secretURL], file: path)
        XCTAssertEqual(address.url.absoluteString, "https://discord.com/api/webhooks/1/SECRET")
        XCTAssertEqual(address.host, "discord.com")
        XCTAssertEqual(address.source, "the webhook file '\(path)'")
    }

    func testMissingAndBadAddressesSayWhichSourceAndNeverTheText() throws {
        XCTAssertEqual(
            message { try WebhookAddress.resolve(environment: [:], file: nil) },
            "no webhook URL: set REACTION_REPORT_WEBHOOK to the incoming webhook's URL, or give --webhook-file FILE")
        XCTAssertEqual(
            message { try WebhookAddress.resolve(environment: ["REACTION_REPORT_WEBHOOK": " "], file: nil) },
            "no webhook URL: set REACTION_REPORT_WEBHOOK to the incoming webhook's URL, or give --webhook-file FILE")
        for bad in ["ftp://hooks.slack.com/services/SECRET", "hooks.slack.com/services/SECRET", "https:///services/SECRET", "https://a b/SECRET"] {
            XCTAssertEqual(
                message { try WebhookAddress.resolve(environment: ["REACTION_REPORT_WEBHOOK": bad], file: nil) },
                "REACTION_REPORT_WEBHOOK does not hold an http:// or https:// URL (its text is not shown, as it may be secret)", bad)
        }
        let path = try file("mailto:SECRET@example.org\n")
        XCTAssertEqual(
            message { try WebhookAddress.resolve(environment: ["REACTION_REPORT_WEBHOOK": secretURL], file: path) },
            "the webhook file '\(path)' does not hold an http:// or https:// URL (its text is not shown, as it may be secret)")
        let empty = try file("\n \n")
        XCTAssertEqual(
            message { try WebhookAddress.resolve(environment: [:], file: empty) },
            "the webhook file '\(empty)' holds no URL: write the webhook's URL on its first line")
        XCTAssertEqual(message { try WebhookAddress.resolve(environment: [:], file: "/no/such/hook.txt") }, "cannot read the webhook file '/no/such/hook.txt'")
    }

    func testTheAddressDescribesAndDumpsItselfAsItsHost() throws {
        let address = try WebhookAddress(secretURL, source: "REACTION_REPORT_WEBHOOK")
        var dumped = ""
        dump(address, to: &dumped)
        for text in ["\(address)", String(describing: address), String(reflecting: address), dumped] {
            XCTAssertFalse(text.contains("SECRET"), text)
            XCTAssertTrue(text.contains("hooks.slack.com"), text)
        }
        XCTAssertEqual(address.description, "the webhook at hooks.slack.com")
    }

    func testTheSecretsAreThePartsOfTheURLLongestFirst() throws {
        let address = try WebhookAddress("https://h.example/a%20b/SECRET?token=x", source: "REACTION_REPORT_WEBHOOK")
        XCTAssertEqual(address.secrets, ["https://h.example/a%20b/SECRET?token=x", "/a%20b/SECRET", "/a b/SECRET", "token=x"])
    }
}
