// swift-tools-version: 6.0
// RastrilloNative: the optional native companion kit for Rastrillo web apps.
// Xcode 16 or newer. Strictness (warnings as errors) is a CI flag, not a
// manifest setting, so consumers never inherit it. The benchmarks (Benchmarks/) and the fuzz
// targets (Fuzz/) are packages of their own that depend on this one by path, so an app's
// package graph holds only what apps and the CLI use.

import PackageDescription

let package = Package(
    name: "RastrilloNative",
    platforms: [.iOS(.v17), .macOS(.v14)],
    products: [
        .library(name: "RastrilloNative", targets: ["RastrilloNative"]),
        .library(name: "RastrilloCrypto", targets: ["RastrilloCrypto"]),
        // Needs nothing beyond Swift (no RastrilloCrypto, so no OpenSSL on Linux); the
        // manifest plugin runs it. `make cli-needs-only-swift` checks its link.
        .executable(name: "rastrillo-native", targets: ["rastrillo-native"]),
        // The crypto vector commands, apart because they need RastrilloCrypto (OpenSSL on Linux).
        .executable(name: "rastrillo-vectors", targets: ["rastrillo-vectors"]),
        .plugin(name: "RastrilloManifestPlugin", targets: ["RastrilloManifestPlugin"]),
    ],
    targets: [
        // The one strict JSON reader (line:column, duplicate keys, exact UTF-8).
        .target(name: "RastrilloJSON"),
        .target(
            name: "RastrilloNative",
            dependencies: ["RastrilloJSON", .target(name: "CRastrilloCurl", condition: .when(platforms: [.linux]))]
        ),
        // libcurl loaded at run time (dlopen), for the https version check on Linux: no curl
        // headers or -dev package at build time. Apple platforms use URLSession.
        .target(name: "CRastrilloCurl", linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]),
        // OpenSSL's libcrypto, used as the crypto backend where CryptoKit is absent.
        .systemLibrary(
            name: "COpenSSL",
            pkgConfig: "openssl",
            providers: [.apt(["libssl-dev"])]
        ),
        .target(
            name: "RastrilloCrypto",
            dependencies: [
                "RastrilloJSON",
                .target(name: "COpenSSL", condition: .when(platforms: [.linux])),
            ]
        ),
        // Its JavaScript and TypeScript runtimes are files (Runtime/*.js, *.d.ts) compiled into it
        // through Emitters/RuntimeTemplates+Embedded.swift, which runtime-template-embedder writes
        // (`make runtime-embed`; stale is a test failure). Not a build-tool plugin: SwiftPM does
        // not run one inside rastrillo-manifest-tool, which RastrilloManifestPlugin uses. Not
        // resources either: `make install` copies only the binaries.
        .target(
            name: "RastrilloManifestCompiler", dependencies: ["RastrilloNative", "RastrilloJSON"],
            exclude: ["Runtime"]),
        .executableTarget(name: "runtime-template-embedder"),
        .target(
            name: "RastrilloNativeCLI",
            dependencies: ["RastrilloNative", "RastrilloManifestCompiler", "RastrilloJSON"]
        ),
        // examples/companion (the one copy of the template) is embedded into rastrillo-native at build time.
        .executableTarget(
            name: "rastrillo-native", dependencies: ["RastrilloNativeCLI"], plugins: ["CompanionTemplatePlugin"]),
        .executableTarget(name: "companion-template-embedder"),
        .plugin(
            name: "CompanionTemplatePlugin", capability: .buildTool(), dependencies: ["companion-template-embedder"]),
        // The same CLI without the template, for the manifest plugin: SwiftPM does not run a plugin
        // (the template's) inside a tool that another plugin uses.
        .executableTarget(name: "rastrillo-manifest-tool", dependencies: ["RastrilloNativeCLI"]),
        // The crypto vector commands: the one tool that needs RastrilloCrypto (OpenSSL on Linux).
        .target(name: "RastrilloVectorsCLI", dependencies: ["RastrilloCrypto", "RastrilloNativeCLI"]),
        .executableTarget(name: "rastrillo-vectors", dependencies: ["RastrilloVectorsCLI"]),
        // Compiles a target's app-manifest.json into Swift at build time.
        .plugin(name: "RastrilloManifestPlugin", capability: .buildTool(), dependencies: ["rastrillo-manifest-tool"]),
        // Test helpers every test target shares (seeded generators).
        .target(name: "RastrilloTestSupport", path: "Tests/RastrilloTestSupport"),
        .testTarget(name: "RastrilloJSONTests", dependencies: ["RastrilloJSON", "RastrilloTestSupport"]),
        .testTarget(name: "RastrilloNativeTests", dependencies: ["RastrilloNative", "RastrilloTestSupport"]),
        .testTarget(
            name: "RastrilloCryptoTests",
            dependencies: ["RastrilloCrypto", "RastrilloJSON", "RastrilloTestSupport"],
            resources: [.copy("Vectors")]
        ),
        .testTarget(
            name: "RastrilloManifestCompilerTests",
            dependencies: ["RastrilloManifestCompiler", "RastrilloNative", "RastrilloJSON"]
        ),
        .testTarget(name: "RastrilloNativeCLITests", dependencies: ["RastrilloNativeCLI", "RastrilloTestSupport"]),
        .testTarget(name: "RastrilloVectorsCLITests", dependencies: ["RastrilloVectorsCLI", "RastrilloNativeCLI"]),
    ],
    swiftLanguageModes: [.v6]
)
