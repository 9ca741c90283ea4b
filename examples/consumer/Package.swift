// swift-tools-version: 6.0
// An app's core module adopting RastrilloNative's runner through a typealias,
// the way Keymail and Ocho keep their existing API. Built and tested by
// `make ci`: a test inside the root package cannot notice a consumer that
// forgot to declare the dependency.

import PackageDescription

let package = Package(
    name: "CompanionCore",
    platforms: [.iOS(.v17), .macOS(.v14)],
    products: [.library(name: "CompanionCore", targets: ["CompanionCore"])],
    dependencies: [.package(name: "RastrilloNative", path: "../..")],
    targets: [
        .target(name: "CompanionCore", dependencies: [.product(name: "RastrilloNative", package: "RastrilloNative")]),
        .testTarget(name: "CompanionCoreTests", dependencies: ["CompanionCore"]),
    ],
    swiftLanguageModes: [.v6]
)
