import Foundation
import Testing

/// The exact `--help` text of every command, from the built `rastrillo-native`
/// (in the style of swift-argument-parser's example tests). A change to a
/// command's declaration shows up here as a reviewable text diff.
@Suite("CLI help texts (built binary)", .timeLimit(.minutes(2)))
struct CLIHelpTextTests {
    static let helps: [(command: [String], text: String)] = [
        (
            [],
            """
            OVERVIEW: Tools for a Rastrillo web app's native companion.

            USAGE: rastrillo-native <subcommand>

            OPTIONS:
              -h, --help              Show help information.

            SUBCOMMANDS:
              version                 Print a Rastrillo server's version and its kind.
              companion               Create a native companion app (new) or lint one
                                      (check).
              manifest                Validate app manifests; compile them to Swift, JS, Go,
                                      AASA, Hotwire.
              route                   Show what the app's LinkRouter decides for URLs.
              help                    Show help for a subcommand.

              See 'rastrillo-native <subcommand> --help' for details.
            """
        ),
        (["version"], versionHelp),
        (
            ["companion"],
            """
            OVERVIEW: Create a native companion app (new) or lint one (check).

            USAGE: rastrillo-native companion <subcommand>

            OPTIONS:
              -h, --help              Show help information.

            SUBCOMMANDS:
              new                     Write a ready-to-generate companion from the bundled
                                      example.
              check                   Lint a companion's project.yml before xcodegen
                                      generate.

              See 'rastrillo-native companion <subcommand> --help' for details.
            """
        ),
        (
            ["companion", "new"],
            """
            OVERVIEW: Write a ready-to-generate companion from the bundled example.

            Without --package-url and --revision the companion uses this tool's own
            checkout by relative path (fine for trying it; check --release refuses it).

            --from-app APP_DIR --origin URL writes a companion for the Rastrillo app in
            APP_DIR: the notes example driven by a manifest derived from the app's
            committed files (as manifest derive does; APP_DIR/app-manifest.overlay.json is
            merged last when there is one). It opens on the app's first list page, lists
            every list page in its sidebar, offers the app's forms and links as menu and
            toolbar commands, and its String Catalog holds every locale the app ships.
            It prints the derive report; if nothing can be derived it writes nothing.

            USAGE: rastrillo-native companion new <dir> --name <AppName>
                                                  --bundle-id <reverse.dns>
                                                  [--package-url <git URL>]
                                                  [--revision <40-hex>] [--server <url>]
                                                  [--from <example>] [--from-app <APP_DIR>]
                                                  [--origin <url>] [--force]

            ARGUMENTS:
              <dir>                   The folder to create (must be empty or absent).

            OPTIONS:
              --name <AppName>        The app target's name: letters, digits and '_',
                                      starting with a letter.
              --bundle-id <reverse.dns>
                                      The app's bundle ID, reverse DNS (e.g.
                                      com.yourteam.companion).
              --package-url <git URL>
                                      RastrilloNative's git URL (https, ssh:// or
                                      git@host:org/repo.git); needs --revision.
              --revision <40-hex>     The reviewed commit of RastrilloNative: 40 hex digits;
                                      needs --package-url.
              --server <url>          The server address the app starts with (https, or http
                                      to 127.0.0.0/8, localhost or [::1]).
              --from <example>        The bundled example to start from: companion (the
                                      default; a version checker with a web screen) or notes
                                      (a Rastrillo app's companion: sign-in, forms, page
                                      commands).
              --from-app <APP_DIR>    A Rastrillo app's folder (the one holding gen/) to
                                      derive the companion from, instead of --from; needs
                                      --origin.
              --origin <url>          With --from-app: the app's deployed origin,
                                      scheme://host[:port].
              --force                 Write into a non-empty folder (same-named files are
                                      overwritten).
              -h, --help              Show help information.
            """
        ),
        (
            ["companion", "check"],
            """
            OVERVIEW: Lint a companion's project.yml before xcodegen generate.

            Catches what XcodeGen silently ignores: unknown (misspelled) keys, missing or
            invalid supportedDestinations and platform, deployment targets below iOS 17 /
            macOS 14, RastrilloNative not pinned to url + 40-hex revision, placeholder
            bundle IDs, missing source folders, products RastrilloNative does not have,
            App Transport Security exceptions, a manifest without the build plugin,
            associated domains out of step with the manifest. Placeholder bundle IDs, a
            local package path and a missing PrivacyInfo.xcprivacy are warnings (exit 0);
            --release makes them errors (exit 1). Messages read file:line: severity: text.

            USAGE: rastrillo-native companion check <dir> [--release]

            ARGUMENTS:
              <dir>                   The companion's folder (the one holding project.yml).

            OPTIONS:
              --release               Treat warnings as errors (before shipping).
              -h, --help              Show help information.
            """
        ),
        (
            ["manifest"],
            """
            OVERVIEW: Validate app manifests; compile them to Swift, JS, Go, AASA, Hotwire.

            USAGE: rastrillo-native manifest <subcommand>

            OPTIONS:
              -h, --help              Show help information.

            SUBCOMMANDS:
              schema                  Print the manifest's JSON Schema
                                      (docs/app-manifest.schema.json).
              check                   Validate an app manifest.
              build                   Validate an app manifest, then write the generated
                                      files.
              graph                   Validate an app manifest, then draw the app as SVG.
              derive                  Derive an app manifest from a Rastrillo app's
                                      committed files.

              See 'rastrillo-native manifest <subcommand> --help' for details.
            """
        ),
        (
            ["manifest", "schema"],
            """
            OVERVIEW: Print the manifest's JSON Schema (docs/app-manifest.schema.json).

            USAGE: rastrillo-native manifest schema

            OPTIONS:
              -h, --help              Show help information.
            """
        ),
        (
            ["manifest", "check"],
            """
            OVERVIEW: Validate an app manifest.

            Checks strict JSON, unknown keys, duplicate ids, ServeMux pattern conflicts,
            references, shortcuts, App Shortcuts (at most 10) and the AASA size (at most
            128 KB). Every problem is printed as
            <file>:<pointer> (line L, column C): <what to fix>.
            Given an http(s) URL, fetches the manifest as the app's fetcher does (at most
            8 MiB, redirects only on its origin) and checks what the server serves; plain
            http only to this device (127.0.0.0/8, localhost, [::1]).

            USAGE: rastrillo-native manifest check <file>

            ARGUMENTS:
              <file>                  The app manifest (app-manifest.json), or the URL a
                                      server serves it at.

            OPTIONS:
              -h, --help              Show help information.
            """
        ),
        (
            ["manifest", "build"],
            """
            OVERVIEW: Validate an app manifest, then write the generated files.

            OUTPUTS:
              swift                   AppManifest.generated.swift
              js                      app-manifest.js, app-manifest.d.ts
              go                      app_manifest_gen.go
              aasa                    apple-app-site-association
              hotwire                 path-configuration.json
              bridge-swift            AppManifest.bridge.swift
              bridge-js               bridge.js, bridge.d.ts
              page-actions            page-actions.js (when a command has a pageAction)

            USAGE: rastrillo-native manifest build <file> --out <dir> [--check]
                                                   [--only <outputs>] [--app-id <id> ...]
                                                   [--go-package <name>]

            ARGUMENTS:
              <file>                  The app manifest (app-manifest.json).

            OPTIONS:
              --out <dir>             Output directory (created if missing).
              --check                 Write nothing; exit 1 listing the files that are
                                      missing or stale.
              --only <outputs>        Comma-separated subset of the OUTPUTS above (default:
                                      all).
              --app-id <id>           App ID for the AASA file (repeatable); replaces the
                                      manifest's app.appIDs.
              --go-package <name>     Package name of the Go file (default: appmanifest).
              -h, --help              Show help information.
            """
        ),
        (
            ["manifest", "graph"],
            """
            OVERVIEW: Validate an app manifest, then draw the app as SVG.

            Destinations as the tree of their path patterns (native or web, link intent),
            commands with their placements and an edge to each destination they apply
            to, capabilities. Written to stdout, or to --out.

            USAGE: rastrillo-native manifest graph <file> [--out <file.svg>]

            ARGUMENTS:
              <file>                  The app manifest (app-manifest.json).

            OPTIONS:
              --out <file.svg>        Write the SVG to this file instead of stdout ('-':
                                      stdout); never over a link or device.
              -h, --help              Show help information.
            """
        ),
        (
            ["manifest", "derive"],
            """
            OVERVIEW: Derive an app manifest from a Rastrillo app's committed files.

            Reads gen/manifest.json, gen/router.go, gen/locales/en.toml, locales/*.toml
            and the app's Go imports and hand-mounted routes (never runs Go or the app),
            and writes a valid, deterministic app-manifest.json, then a report: each item
            derived, defaulted or needs-you, and every route not mapped, with why. Hand
            edits live in app-manifest.overlay.json beside --out (or --overlay), merged
            last and never written. Without --out the manifest goes to stdout and the
            report to stderr. With --catalog, the companion's String Catalog gains the
            texts of every key and locale it lacks; a text it has is kept, and each that
            differs from the app's is listed. Guide: docs/from-rastrillo-app.md.

            USAGE: rastrillo-native manifest derive <app> [--origin <url>]
                                                    [--name <AppName>] [--out <file>]
                                                    [--overlay <file>] [--catalog <file>]
                                                    [--check]

            ARGUMENTS:
              <app>                   The Rastrillo app's folder (the one holding gen/).

            OPTIONS:
              --origin <url>          The deployed origin, scheme://host[:port] (no app file
                                      holds it); required.
              --name <AppName>        The app's name (default: the go.mod module's last
                                      element).
              --out <file>            Write the manifest here (never over a link, device or
                                      pipe).
              --overlay <file>        The overlay to merge (default:
                                      app-manifest.overlay.json beside --out, if there).
              --catalog <file>        The companion's Localizable.xcstrings: add the app's
                                      texts it lacks, keep its own.
              --check                 Write nothing; exit 1 when --out's file (or
                                      --catalog's) differs from what the app declares now.
              -h, --help              Show help information.
            """
        ),
        (
            ["route"],
            """
            OVERVIEW: Show what the app's LinkRouter decides for URLs.

            Prints one JSON object per URL, in order:
              {"url":…,"decision":"native|web|in-app-browser|external|refused",
               "destination":…,"params":{…},"reason":…}

            USAGE: rastrillo-native route <url> ... --manifest <file> [--redirect]

            ARGUMENTS:
              <url>                   The URLs to decide (after --, a URL may start with
                                      '-').

            OPTIONS:
              --manifest <file>       The app manifest (validated first).
              --redirect              Treat the URLs as redirect targets: only internal URLs
                                      are honoured.
              -h, --help              Show help information.
            """
        ),
    ]

    /// `version --help`: a debug build also lists its insecure local-network opt-in.
    static var versionHelp: String {
        var text = """
            OVERVIEW: Print a Rastrillo server's version and its kind.

            Asks GET <server-url>/api/version (public, no sign-in) and prints the
            version and whether it is dev, a tag, git describe output, a sha or opaque.
            https is required except for 127.0.0.0/8, localhost and [::1].

            USAGE: rastrillo-native version <server-url> [--connect-timeout <seconds>]
                                            [--timeout <seconds>]

            ARGUMENTS:
              <server-url>            The server's base address, e.g. https://example.com.

            OPTIONS:
              --connect-timeout <seconds>
                                      Seconds the server may take to start answering: more
                                      than 0, at most 3600 (default 10).
              --timeout <seconds>     Seconds the whole check may take: more than 0, at most
                                      3600 (default 30).
              -h, --help              Show help information.
            """
        #if DEBUG
            text = text.replacingOccurrences(
                of: "[--timeout <seconds>]\n",
                with: "[--timeout <seconds>]\n                                [--allow-insecure-local-network]\n")
            text = text.replacingOccurrences(
                of: "  -h, --help",
                with: "  --allow-insecure-local-network\n"
                    + "                          Debug builds only: allow plain http to a local-network\n"
                    + "                          host.\n  -h, --help")
        #endif
        return text
    }

    @Test("--help prints the declared help on stdout and exits 0", arguments: helps)
    func help(command: [String], text: String) throws {
        let run = try BuiltTool.run(command + ["--help"])
        #expect(run.status == 0)
        #expect(run.stderr == "")
        #expect(run.stdout == text + "\n")
    }

    @Test("-h, `help <command>` and --help anywhere before -- print the same text", arguments: helps)
    func otherSpellings(command: [String], text: String) throws {
        for arguments in [command + ["-h"], ["help"] + command, command + ["x", "--help"]] {
            let run = try BuiltTool.run(arguments)
            #expect(run.status == 0, "\(arguments)")
            #expect(run.stdout == text + "\n", "\(arguments)")
        }
    }

    @Test("no help line is wider than 80 columns", arguments: helps)
    func width(command: [String], text: String) {
        for line in text.split(separator: "\n") {
            #expect(line.count <= 80, "\(command): \(line)")
        }
    }
}
