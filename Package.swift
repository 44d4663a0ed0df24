// swift-tools-version:6.0
import PackageDescription

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
        // The JSON reader: parser, values, cursor, paths (unsafe pointers live inside it only).
        // Text positions and the one located error, shared by the readers of text.
        .target(name: "SourceText"),
        .target(name: "JSONReader", dependencies: ["SourceText"]),
        // Input bytes: files read and folders listed with POSIX calls, zip archives read in place.
        .target(name: "InputFiles", dependencies: ["CZlib"]),
        // Work spread over the cores or run in the background, behind safe calls.
        .target(name: "ParallelWork"),
        .target(
            name: "ReactionReportKit",
            dependencies: [
                "CCmark",
                "CPosix",
                "InputFiles",
                "JSONReader",
                "ParallelWork",
                "SourceText",
            ]
        ),
        .executableTarget(
            name: "reaction-report",
            dependencies: [
                "ReactionReportKit",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The fuzz target: libFuzzer's entry point when built by Scripts/fuzz.sh (-DFUZZING with
        // -sanitize=fuzzer,address), otherwise a replayer of saved inputs through the same path.
        .executableTarget(
            name: "reaction-report-fuzz",
            dependencies: ["ReactionReportKit", "ParallelWork"]
        ),
        .testTarget(
            name: "ReactionReportKitTests",
            dependencies: ["ReactionReportKit", "CCmark", "InputFiles", "JSONReader", "ParallelWork"],
            exclude: ["Fixtures", "Golden"]
        ),
    ]
)
