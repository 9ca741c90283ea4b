// swift-tools-version: 6.0
// An app module whose destinations and commands come from its own
// app-manifest.json, compiled at build time by RastrilloManifestPlugin.
// `make ci` builds and tests it, which proves the plugin end to end.

import PackageDescription

let package = Package(
    name: "AppRoutes",
    platforms: [.iOS(.v17), .macOS(.v14)],
    dependencies: [.package(name: "RastrilloNative", path: "../..")],
    targets: [
        .target(
            name: "AppRoutes",
            dependencies: [.product(name: "RastrilloNative", package: "RastrilloNative")],
            plugins: [.plugin(name: "RastrilloManifestPlugin", package: "RastrilloNative")]
        ),
        .testTarget(name: "AppRoutesTests", dependencies: ["AppRoutes"]),
    ],
    swiftLanguageModes: [.v6]
)
