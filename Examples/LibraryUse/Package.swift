// swift-tools-version:6.0
// A package that uses ReactionReportKit as a library, as any Swift package would: it names
// the reaction-report package as a dependency (here by path; by URL and version elsewhere)
// and its library product. `make test` builds and runs it.
import PackageDescription

let package = Package(
    name: "weekly-reactions",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(name: "reaction-report", path: "../..")
    ],
    targets: [
        .executableTarget(
            name: "weekly-reactions",
            dependencies: [.product(name: "ReactionReportKit", package: "reaction-report")]
        )
    ]
)
