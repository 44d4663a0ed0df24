// swift-tools-version:6.0
import PackageDescription

/// A release build links the Swift runtime and Foundation into the program, as `swift build
/// --static-swift-stdlib` does (code that uses Foundation is compiled for its static libraries,
/// which name what they need in turn, such as ICU): the program starts in 5 ms instead of 9, and
/// a 20,000-message build is about an eighth faster (calls into the runtime are direct). The
/// program grows from 10 to 80 MB. Debug builds and the tests link dynamically, as before.
let staticRuntimeInRelease: [SwiftSetting] = [.unsafeFlags(["-static-stdlib"], .when(configuration: .release))]
let staticRuntimeLinkedInRelease: [LinkerSetting] = [.unsafeFlags(["-static-stdlib"], .when(configuration: .release))]

let package = Package(
    name: "reaction-report",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "reaction-report", targets: ["reaction-report"]),
        .library(name: "ReactionReportKit", targets: ["ReactionReportKit"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
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
        // POSIX calls the Glibc module lacks (an atomic swap of two folders).
        .systemLibrary(name: "CPosix"),
        // Bytes on their way out: the buffer pages and data files are written into, the writers
        // of numbers, times and escaped text into it, and the file it is written to. The only
        // unsafe code of the writing side, behind a safe API.
        .target(
            name: "ByteOutput",
            swiftSettings: staticRuntimeInRelease
        ),
        // Work spread over the cores and results handed between threads (SharedValue so far).
        .target(
            name: "ParallelWork",
            swiftSettings: staticRuntimeInRelease
        ),
        // Our Mustache engine: templates parsed, compiled into one flat program and rendered
        // straight into a ByteBuffer; view models are TemplateValues.
        .target(
            name: "Templates",
            dependencies: ["ByteOutput"],
            swiftSettings: staticRuntimeInRelease
        ),
        .target(
            name: "ReactionReportKit",
            dependencies: [
                "ByteOutput",
                "ParallelWork",
                "Templates",
                "CCmark",
                "CZlib",
                "CPosix",
            ],
            swiftSettings: staticRuntimeInRelease
        ),
        .executableTarget(
            name: "reaction-report",
            dependencies: [
                "ReactionReportKit",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: staticRuntimeInRelease,
            linkerSettings: staticRuntimeLinkedInRelease
        ),
        // The fuzz target: libFuzzer's entry point when built by Scripts/fuzz.sh (-DFUZZING with
        // -sanitize=fuzzer,address), otherwise a replayer of saved inputs through the same path.
        .executableTarget(
            name: "reaction-report-fuzz",
            dependencies: ["ByteOutput", "ReactionReportKit"],
            swiftSettings: staticRuntimeInRelease,
            linkerSettings: staticRuntimeLinkedInRelease
        ),
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
            dependencies: ["ReactionReportKit", "ByteOutput", "ParallelWork", "Templates", "CCmark"],
            exclude: ["Fixtures", "Golden"]
        ),
    ]
)
