// swift-tools-version: 6.0
// The notes companion's platform-neutral core (its model and every decision), built and
// tested on any platform with `swift test`. The SwiftUI files in Sources/ are built by the
// Xcode project (project.yml), not by this package. The destinations and commands are
// generated from Sources/NotesCore/app-manifest.json at build time by
// RastrilloManifestPlugin. The Go web app it wraps is examples/notes/web (its own module).

import PackageDescription

let package = Package(
    name: "Notes",
    platforms: [.iOS(.v17), .macOS(.v14)],
    dependencies: [
        .package(name: "RastrilloNative", path: "../..")
    ],
    targets: [
        .target(
            name: "NotesCore",
            dependencies: [.product(name: "RastrilloNative", package: "RastrilloNative")],
            path: "Sources/NotesCore",
            plugins: [.plugin(name: "RastrilloManifestPlugin", package: "RastrilloNative")]
        ),
        // The notes browser harness's native side (tools/web-screen-harness, PROTOCOL.md):
        // the real NotesModel, its web screens and their page commands. Not in the app.
        .executableTarget(
            name: "NotesBrowserHost", dependencies: ["NotesCore"], path: "BrowserHost", exclude: ["PROTOCOL.md"]),
        .testTarget(
            name: "NotesCoreTests",
            dependencies: ["NotesCore"],
            path: "Tests/NotesCoreTests"
        ),
    ],
    swiftLanguageModes: [.v6]
)
