// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "reaction-report",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "reaction-report", targets: ["reaction-report"]),
        .library(name: "ReactionReportKit", targets: ["ReactionReportKit"])
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // `serve`'s HTTP/1.1 server (SiteServer): small, no SwiftNIO (see docs/architecture.md).
        .package(url: "https://github.com/swhitty/FlyingFox", .upToNextMinor(from: "0.27.1"))
    ],
    targets: [
        .systemLibrary(
            name: "CCmark",
            pkgConfig: "libcmark",
            providers: [.apt(["libcmark-dev"])]
        ),
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]
        ),
        // POSIX calls Swift can make only through pointers or that the Glibc module lacks: an
        // atomic swap of two folders, a restart with the same arguments, a loopback listener
        // for the tests' HTTP server, the flag that writes past the page cache (O_DIRECT). C,
        // so that no Swift outside the performance modules handles a pointer.
        .target(name: "CPosix"),
        // The performance modules: each holds the unsafe code of one kind of work behind a
        // narrow, safe API (Scripts/check-code.py keeps unsafe code inside them).
        // Text positions and the one located error, shared by the readers of text.
        .target(name: "SourceText"),
        // Input bytes: files read (or mapped, when large) and folders listed with POSIX calls,
        // zip archives read in place.
        .target(name: "InputFiles", dependencies: ["CPosix", "CZlib", "SourceText"]),
        // The JSON reader: parser, values, cursor, paths, members noted while parsing. It reads
        // InputFiles' bytes, an array or a mapped file, letting go of the pages it has passed.
        .target(name: "JSONReader", dependencies: ["InputFiles", "SourceText"]),
        // Work spread over the cores or run in the background, behind safe calls.
        .target(name: "ParallelWork"),
        // Bytes on their way out: the buffer pages and data files are written into, the writers
        // of numbers, times and escaped text into it, and the file it is written to. The only
        // unsafe code of the writing side, behind a safe API.
        .target(name: "ByteOutput", dependencies: ["CPosix"]),
        // Our Mustache engine: templates parsed, compiled into one flat program and rendered
        // straight into a ByteBuffer; view models are TemplateValues.
        .target(name: "Templates", dependencies: ["ByteOutput", "SourceText"]),
        .target(
            name: "ReactionReportKit",
            dependencies: [
                "ByteOutput",
                "Templates",
                "CCmark",
                "CPosix",
                "InputFiles",
                "JSONReader",
                "ParallelWork",
                "SourceText"
            ]
        ),
        // One HTTP exchange made by libcurl, in C: its callbacks stop reading at the bound and its
        // timer ends the exchange, with no pointer code in Swift; and the digests `fetch` signs
        // and names with, from the system's crypto library (OpenSSL's libcrypto on Linux).
        .target(
            name: "CHTTP",
            linkerSettings: [.linkedLibrary("curl"), .linkedLibrary("crypto", .when(platforms: [.linux]))]),
        // What `post` and `fetch` share: CHTTP's exchange in Swift (`CurlExchange`), the answer,
        // the retry policy and the text of an answer made fit to print. Not in the library,
        // which holds no networking.
        .target(name: "HTTPExchange", dependencies: ["CHTTP"]),
        // Posting a built site's digest to a Slack or Discord incoming webhook, with retries:
        // HTTPExchange behind a transport the tests can replace.
        .target(name: "WebhookPost", dependencies: ["HTTPExchange", "ReactionReportKit"]),
        // `fetch`: a chat platform's REST API paged into an archive `build` reads, resumable
        // and incremental. The shared parts (client, pacing, retries, credentials, archive
        // files, state, progress) and one type per platform (PubNub).
        .target(name: "ChatFetch", dependencies: ["HTTPExchange", "ReactionReportKit", "JSONReader", "ByteOutput", "ParallelWork"]),
        // `serve`: a built site on 127.0.0.1 over HTTP/1.1 (FlyingFox), what a request's path
        // comes to inside the site, and the content types. Not in the library, which holds no
        // networking.
        .target(
            name: "SiteServer",
            dependencies: ["ParallelWork", .product(name: "FlyingFox", package: "FlyingFox")]
        ),
        .executableTarget(
            name: "reaction-report",
            dependencies: [
                "CPosix",
                "ParallelWork",
                "ReactionReportKit",
                "HTTPExchange",
                "WebhookPost",
                "ChatFetch",
                "SiteServer",
                .product(name: "ArgumentParser", package: "swift-argument-parser")
            ]
        ),
        // The fuzz target: libFuzzer's entry point when built by Scripts/fuzz.sh (-DFUZZING with
        // -sanitize=fuzzer,address), otherwise a replayer of saved inputs through the same path.
        .executableTarget(
            name: "reaction-report-fuzz",
            dependencies: ["ByteOutput", "ParallelWork", "ReactionReportKit"]
        ),
        // Runs the built program for the command-line tests of every test target.
        .target(name: "ProgramRunner", path: "Tests/ProgramRunner"),
        .testTarget(
            name: "ByteOutputTests",
            dependencies: ["ByteOutput"]
        ),
        .testTarget(
            name: "TemplatesTests",
            dependencies: ["Templates", "ByteOutput"]
        ),
        .testTarget(
            name: "ReactionReportKitTests",
            dependencies: ["ReactionReportKit", "ByteOutput", "CCmark", "InputFiles", "JSONReader", "ParallelWork", "ProgramRunner", "Templates"],
            exclude: ["Fixtures", "Golden"]
        ),
        .testTarget(
            name: "ChatFetchTests",
            dependencies: ["ChatFetch", "HTTPExchange", "JSONReader", "ReactionReportKit", "ProgramRunner", "ParallelWork"]
        ),
        .testTarget(
            name: "SiteServerTests",
            dependencies: ["SiteServer", "CPosix", "ParallelWork", "ProgramRunner"]
        ),
        .testTarget(
            name: "HTTPExchangeTests",
            dependencies: ["HTTPExchange"]
        ),
        .testTarget(
            name: "WebhookPostTests",
            dependencies: ["WebhookPost", "HTTPExchange", "CHTTP", "ReactionReportKit", "CPosix", "ParallelWork", "ProgramRunner"]
        )
    ]
)
