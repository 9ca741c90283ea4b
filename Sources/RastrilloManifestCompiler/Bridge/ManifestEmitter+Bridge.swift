extension ManifestEmitter {
    /// `AppManifest.bridge.swift`: bridge payload structs, `BridgeValue` conformances of the string
    /// enums, and the `BridgeActions`/`BridgeEvents` types (compile it with `AppManifest.generated.swift`).
    public static let bridgeSwift = ManifestEmitter(name: "bridge-swift", summary: "AppManifest.bridge.swift") {
        compiler, _ in
        [
            .init(
                name: "AppManifest.bridge.swift",
                contents: BridgeSwiftEmitter.emit(compiler.manifest, header: compiler.header))
        ]
    }

    /// `bridge.js` + `bridge.d.ts`: the page's typed `send`/`on` for the declared actions and events.
    public static let bridgeJS = ManifestEmitter(name: "bridge-js", summary: "bridge.js, bridge.d.ts") { compiler, _ in
        [
            .init(name: "bridge.js", contents: BridgeJSEmitter.module(compiler.manifest, header: compiler.header)),
            .init(
                name: "bridge.d.ts", contents: BridgeJSEmitter.declarations(compiler.manifest, header: compiler.header)),
        ]
    }
}
