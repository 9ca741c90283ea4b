import Foundation
import RastrilloJSON
import RastrilloNative

/// `rastrillo-native route --manifest <file> <url>…`: one JSON decision per URL.
enum RouteCommand: CLICommand {
    static var configuration: CLICommandConfiguration {
        CLICommandConfiguration(
            name: "route",
            abstract: "Show what the app's LinkRouter decides for URLs.",
            discussion: """
                Prints one JSON object per URL, in order:
                  {"url":…,"decision":"native|web|in-app-browser|external|refused",
                   "destination":…,"params":{…},"reason":…}
                """,
            arguments: [.repeating("url", help: "The URLs to decide (after --, a URL may start with '-').")],
            options: [
                .value("--manifest", "file", required: true, help: "The app manifest (validated first)."),
                .flag("--redirect", help: "Treat the URLs as redirect targets: only internal URLs are honoured."),
            ]
        )
    }

    static func run(_ arguments: CLIParsedArguments, io: CLIOutput) throws -> Int32 {
        let manifestPath = arguments.value("--manifest") ?? ""
        let urls = arguments.arguments("url")
        let context = arguments.flag("--redirect") ? LinkRouter.Context.redirect : .navigation
        guard let data = FileManager.default.contents(atPath: manifestPath) else {
            io.error("error: cannot read '\(manifestPath)'; check the path and permissions")
            return CLIExit.failure
        }
        let manifest: AppManifest
        do {
            manifest = try AppManifest.decode(Array(data), source: manifestPath)
        } catch {
            io.error(error.description)
            return CLIExit.failure
        }
        let router = LinkRouter(manifest: manifest)
        for url in urls { io.out(line(url, router.decide(url, context: context))) }
        return CLIExit.success
    }

    /// The JSON line for one decision (keys in a fixed order, params sorted by name).
    static func line(_ url: String, _ decision: LinkDecision) -> String {
        let match = decision.match
        let params = (match?.params ?? [:]).sorted { $0.key < $1.key }.map { key, value in
            JSONString.quoted(key) + ":" + json(value)
        }
        var reason = "null"
        if case .refused(let refusal) = decision { reason = JSONString.quoted(refusal.description) }
        return "{\"url\":\(JSONString.quoted(url)),\"decision\":\(JSONString.quoted(decision.name)),"
            + "\"destination\":\(match.map { JSONString.quoted($0.destination) } ?? "null"),"
            + "\"params\":{\(params.joined(separator: ","))},\"reason\":\(reason)}"
    }

    static func json(_ value: LinkValue) -> String {
        switch value {
        case .string, .uuid: return JSONString.quoted(value.description)
        case .int, .bool, .double: return value.description
        }
    }
}
