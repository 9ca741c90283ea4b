// swift-tools-version: 6.0
// RastrilloNative's benchmarks, a package of their own so that the library's package graph holds
// only what apps and the CLI use. `make bench` runs them:
//   swift run --package-path Benchmarks -c release rastrillo-bench all
// `make bench-build` (part of `make ci`) only builds them.
import PackageDescription

let package = Package(
    name: "RastrilloBenchmarks",
    platforms: [.macOS(.v14)],
    dependencies: [.package(name: "RastrilloNative", path: "..")],
    targets: [
        // The manifest compiler lives in a target no product exports (the CLI and the manifest
        // plugin use it); `rastrillo-bench router` times it. Sources/BenchManifestCompiler is a
        // symlink to its folder, compiled here as it is (no copy to drift).
        .target(
            name: "BenchManifestCompiler",
            dependencies: [.product(name: "RastrilloNative", package: "RastrilloNative")]
        ),
        // The transfers' line finder (Sources/RastrilloNative/Server/HTTP/HTTPLines.swift, internal
        // to the library) compiled here as it is through a symlink, with its benchmark beside it.
        .target(name: "BenchHTTPLines"),
        // Its app-manifest.json (the bridge fixture) is compiled by the plugin, as an app's would be.
        .executableTarget(
            name: "rastrillo-bench",
            dependencies: [
                .product(name: "RastrilloNative", package: "RastrilloNative"),
                .product(name: "RastrilloCrypto", package: "RastrilloNative"),
                "BenchManifestCompiler", "BenchHTTPLines",
            ],
            plugins: [.plugin(name: "RastrilloManifestPlugin", package: "RastrilloNative")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
