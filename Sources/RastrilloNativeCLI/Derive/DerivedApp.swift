import Foundation
import RastrilloNative

/// What `manifest derive` and `companion new --from-app` read off a Rastrillo app: the manifest
/// (overlay merged and validated), what a companion shows first, the app's words in every
/// language it ships, and the report of what was derived, defaulted or left to the team.
struct DerivedApp: Sendable {
    /// The app's name: `--name`, else the Go module's last path element title-cased.
    var appName: String
    /// The final `app-manifest.json` bytes: deterministic, the overlay merged last, validated.
    var manifestJSON: [UInt8]
    /// The validated manifest `manifestJSON` decodes to.
    var manifest: AppManifest
    /// The ids of the list destinations, one per resource in `gen/manifest.json` order: the
    /// companion's start (the first) and its sidebar.
    var listDestinations: [String]
    /// Every string key the companion shows (each destination's and command's title key, each
    /// destructive command's `<titleKey>.confirmation`), by locale code (`en` first, then the
    /// app's `locales/<code>.toml` codes sorted), key to text. English holds every key: the
    /// app's text where it has one, else the synthesised default the report lists.
    var strings: [String: [String: String]]
    /// What was derived, defaulted or needs the team, and every route not mapped, with why.
    var report: DeriveReport
}
