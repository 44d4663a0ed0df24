import HTTPExchange
import XCTest

/// The digests of the system's crypto library against RFC 4231's HMAC-SHA256 test cases and
/// FIPS 180-2's SHA-256 examples.
final class DigestsTests: XCTestCase {
    func hex(_ bytes: [UInt8]) -> String { bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined() }

    func testRFC4231TestCases() {
        let cases: [(key: [UInt8], data: [UInt8], mac: String)] = [
            ([UInt8](repeating: 0x0b, count: 20), Array("Hi There".utf8), "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7"),
            (Array("Jefe".utf8), Array("what do ya want for nothing?".utf8), "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"),
            ([UInt8](repeating: 0xaa, count: 20), [UInt8](repeating: 0xdd, count: 50), "773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe"),
            (Array(1...25), [UInt8](repeating: 0xcd, count: 50), "82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b"),
            (
                [UInt8](repeating: 0xaa, count: 131), Array("Test Using Larger Than Block-Size Key - Hash Key First".utf8),
                "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54"
            ),
            (
                [UInt8](repeating: 0xaa, count: 131),
                Array(
                    "This is a test using a larger than block-size key and a larger than block-size data. The key needs to be hashed before being used by the HMAC algorithm."
                        .utf8),
                "9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2"
            )
        ]
        for (number, test) in cases.enumerated() {
            XCTAssertEqual(hex(Digests.hmacSHA256(key: test.key, data: test.data)), test.mac, "RFC 4231 test case \(number < 4 ? number + 1 : number + 2)")
        }
        // Test case 5: the first 128 bits.
        XCTAssertEqual(
            hex(Array(Digests.hmacSHA256(key: [UInt8](repeating: 0x0c, count: 20), data: Array("Test With Truncation".utf8)).prefix(16))),
            "a3b6167473100ee06e0c796c2955552b")
    }

    func testAnEmptyKeyAndEmptyData() {
        // HMAC_SHA256("", "") as Python's hmac module gives it.
        XCTAssertEqual(hex(Digests.hmacSHA256(key: [], data: [])), "b613679a0814d9ec772f95d778c35fc5ff1697c493715653c6c712144292c5ad")
    }

    func testSHA256() {
        XCTAssertEqual(hex(Digests.sha256(Array("abc".utf8))), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        XCTAssertEqual(hex(Digests.sha256([])), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    }
}
