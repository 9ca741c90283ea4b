// swift-tools-version: 6.0
// The companion's platform-neutral core (model and every decision), built and
// tested on any platform with `swift test`. The SwiftUI files in Sources/ are
// built by the Xcode project (project.yml), not by this package. The
// destinations and commands are generated from Sources/CompanionCore/app-manifest.json
// at build time by RastrilloManifestPlugin.

import PackageDescription

let package = Package(
    name: "Companion",
    platforms: [.iOS(.v17), .macOS(.v14)],
    dependencies: [
        .package(name: "RastrilloNative", path: "../..")
    ],
    targets: [
        .target(
            name: "CompanionCore",
            dependencies: [.product(name: "RastrilloNative", package: "RastrilloNative")],
            path: "Sources/CompanionCore",
            plugins: [.plugin(name: "RastrilloManifestPlugin", package: "RastrilloNative")]
        ),
        // The web-screen browser harness's native side (tools/web-screen-harness): the real
        // BridgeDispatcher, WebScreenModel and WebScreenNavigation with the companion's model.
        // Not in the app.
        // RastrilloNative comes through CompanionCore.
        .executableTarget(name: "CompanionBrowserHost", dependencies: ["CompanionCore"], path: "BrowserHost"),
        .testTarget(
            name: "CompanionCoreTests",
            dependencies: ["CompanionCore"],
            path: "Tests/CompanionCoreTests"
        ),
    ],
    swiftLanguageModes: [.v6]
)
