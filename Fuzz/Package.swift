// swift-tools-version: 6.0
// Coverage-guided fuzz targets for RastrilloNative's parsers and decoders.
import PackageDescription

/// One libFuzzer executable per target; each main.swift holds only LLVMFuzzerTestOneInput.
let fuzzTargets = [
    "url", "routes", "json", "bridge", "manifest", "yaml", "version", "crypto", "query", "head", "pageactions",
    "signin", "emit", "derive",
]

let package = Package(
    name: "RastrilloFuzz",
    platforms: [.macOS(.v14)],
    dependencies: [.package(name: "RastrilloNative", path: "..")],
    targets: fuzzTargets.map { .executableTarget(name: "fuzz-\($0)", dependencies: ["FuzzChecks"]) } + [
        .target(
            name: "FuzzChecks",
            dependencies: [
                .product(name: "RastrilloNative", package: "RastrilloNative"),
                .product(name: "RastrilloCrypto", package: "RastrilloNative"),
                "FuzzYAML",
                "FuzzManifestCompiler",
                "FuzzDerive",
            ]
        ),
        // The manifest compiler is in a target no product exports: Sources/FuzzManifestCompiler is a
        // symlink to its folder, compiled here as it is (as Benchmarks/ does).
        .target(
            name: "FuzzManifestCompiler",
            dependencies: [.product(name: "RastrilloNative", package: "RastrilloNative")],
            // The runtimes' source files; their embedded Swift copy is what the compiler uses.
            exclude: ["Runtime"]
        ),
        // The YAML subset reader lives in the CLI module, which no product exports: these
        // are symlinks to its four files, compiled here as they are (no copy to drift).
        .target(name: "FuzzYAML", dependencies: [.product(name: "RastrilloNative", package: "RastrilloNative")]),
        // The readers of `manifest derive` (CLI module): symlinks to the locale catalog reader, the Go
        // route scanner and the `gen/manifest.json` reader (which reads through RastrilloJSON).
        .target(name: "FuzzDerive", dependencies: [.product(name: "RastrilloNative", package: "RastrilloNative")]),
        .testTarget(name: "FuzzChecksTests", dependencies: ["FuzzChecks"]),
    ],
    swiftLanguageModes: [.v6]
)
