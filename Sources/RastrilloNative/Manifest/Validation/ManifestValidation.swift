import RastrilloJSON

/// The checks that need the whole manifest: ids, references, pattern conflicts,
/// shortcuts, App Shortcuts and the AASA size.
struct ManifestValidation {
    let manifest: AppManifest
    let locations: ManifestLocations
    /// The parsed document, so each problem can point at the offending node itself.
    let root: JSONNode
    /// The position of every value by JSON pointer, built at the first problem (a valid
    /// manifest never pays for it).
    private var positions: [String: JSONPosition]?
    var reader = ManifestReader()
    /// The named types by name (the first of equal names), so a lookup costs the same however
    /// many types a manifest declares.
    let typesByName: [String: ManifestNamedType]

    init(manifest: AppManifest, locations: ManifestLocations, root: JSONNode) {
        self.manifest = manifest
        self.locations = locations
        self.root = root
        self.typesByName = Dictionary(manifest.types.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The most value cycles reported one by one; the rest are counted in one more issue.
    static let maxReportedCycles = 20
    /// The most declared type names an unknown-reference issue lists.
    static let maxListedTypes = 20

    /// Reports at the position of the node `pointer` names (falling back to `position`).
    mutating func report(_ kind: ManifestIssue.Kind, _ pointer: String, _ position: JSONPosition?, _ message: String) {
        let index = positions ?? Self.positions(of: root)
        positions = index
        reader.report(kind, pointer, index[pointer] ?? position, message)
    }

    /// Every value's position, by JSON pointer.
    static func positions(of root: JSONNode) -> [String: JSONPosition] {
        var index: [String: JSONPosition] = [:]
        func visit(_ node: JSONNode, _ pointer: String) {
            index[pointer] = node.position
            switch node.value {
            case .array(let items):
                for (offset, item) in items.enumerated() { visit(item, "\(pointer)/\(offset)") }
            case .object(let object):
                for member in object.members { visit(member.value, ManifestReader.child(pointer, member.key)) }
            default: break
            }
        }
        visit(root, "")
        return index
    }

    /// The most App Shortcuts an app may declare.
    static let maxAppShortcuts = 10
    /// The largest apple-app-site-association file Apple accepts.
    static let maxAASABytes = 128 * 1024

    mutating func run() {
        duplicates(manifest.destinations.map(\.id), locations.destinations, what: "destination id")
        duplicates(manifest.commands.map(\.id), locations.commands, what: "command id")
        duplicates(manifest.capabilities.map(\.id), locations.capabilities, what: "capability id")
        duplicates(
            manifest.capabilities.map(\.caseName), locations.capabilities,
            what: "capability (as a generated name, '.' and '-' removed)")
        duplicates(manifest.types.map(\.name), locations.types, what: "type name")
        origins()
        types()
        destinations()
        commands()
        bridge()
        pageActions()
        session()
        conflicts()
        aasa()
    }

    mutating func duplicates(_ ids: [String], _ where: [ManifestLocations.Location], what: String) {
        var first: [String: Int] = [:]
        for (index, id) in ids.enumerated() {
            if let earlier = first[id] {
                let location = `where`[index]
                report(
                    .duplicateID, location.pointer, location.position,
                    "\(what) '\(id)' is already used at \(`where`[earlier].pointer); ids must be unique, rename one")
            } else {
                first[id] = index
            }
        }
    }

    mutating func origins() {
        var seen = Set<ManifestOrigin>()
        for (index, group) in manifest.origins.enumerated() {
            for origin in [group.primary] + group.aliases where !seen.insert(origin).inserted {
                report(
                    .duplicateID, "/origins/\(index)", nil, "origin \(origin) is listed more than once; list it once")
            }
        }
    }

    mutating func checkType(_ type: ManifestType, _ pointer: String, _ position: JSONPosition?) {
        for name in type.referencedNames where typesByName[name] == nil {
            let names = manifest.types.prefix(Self.maxListedTypes).map(\.name)
            var declared = names.isEmpty ? "none" : names.joined(separator: ", ")
            if manifest.types.count > names.count { declared += " and \(manifest.types.count - names.count) more" }
            report(
                .unknownReference, pointer, position,
                "type '\(name)' is not declared under \"types\" (declared: \(declared))")
        }
    }

    mutating func types() {
        let cyclic = ValueCycles(types: manifest.types, byName: typesByName)
        var cycles = 0
        for (index, type) in manifest.types.enumerated() {
            guard case .object(let fields) = type.kind else { continue }
            let location = locations.types[index]
            for field in fields {
                checkType(field.type, ManifestReader.child(location.pointer + "/fields", field.name), location.position)
            }
            guard cyclic.isOnCycle(type.name) else { continue }
            cycles += 1
            if cycles > Self.maxReportedCycles { continue }
            let cycle = cyclic.path(from: type.name) ?? [type.name, type.name]
            report(
                .invalidValue, location.pointer, location.position,
                "type '\(type.name)' contains itself (\(cycle.joined(separator: " → "))) other than through an "
                    + "array; break the cycle with an array or an id")
        }
        if cycles > Self.maxReportedCycles {
            report(
                .invalidValue, "/types", nil,
                "\(cycles - Self.maxReportedCycles) more types contain themselves other than through an array; "
                    + "break each cycle with an array or an id")
        }
    }

    func isPathScalar(_ type: ManifestType) -> Bool {
        if type.isBuiltinScalar { return true }
        if case .named(let name) = type, case .stringEnum = typesByName[name]?.kind { return true }
        return false
    }

    /// Path params must be scalars (a `{name...}` rest wildcard a string); query params a scalar
    /// or an optional scalar.
    mutating func checkParams(
        _ params: [ManifestDestination.Param], of pattern: PathPattern, _ base: String, _ position: JSONPosition?
    ) {
        for param in params {
            let pointer = ManifestReader.child(base + "/params", param.name)
            checkType(param.type, pointer, position)
            if param.inPath, !isPathScalar(param.type) {
                report(
                    .invalidValue, pointer, position,
                    "path param '\(param.name)' has type \(param.type); path params must be string, int, bool, "
                        + "double, uuid or a string enum")
            }
            if param.inPath, case .rest(param.name) = pattern.segments.last, param.type != .string {
                report(
                    .invalidValue, pointer, position,
                    "'\(param.name)' is a {\(param.name)...} wildcard, which captures the rest of the path; its "
                        + "type must be string")
            }
            if !param.inPath {
                var inner = param.type
                if case .optional(let wrapped) = inner { inner = wrapped }
                if !isPathScalar(inner) {
                    report(
                        .invalidValue, pointer, position,
                        "query param '\(param.name)' has type \(param.type); query params must be a scalar, a "
                            + "string enum, or {\"optional\": …} of one")
                }
            }
        }
    }

    mutating func destinations() {
        let capabilityIDs = Set(manifest.capabilities.map(\.id))
        for (index, destination) in manifest.destinations.enumerated() {
            let base = "/destinations/\(index)"
            let position = locations.destinations[index].position
            checkParams(destination.params, of: destination.pattern, base, position)
            for (capabilityIndex, capability) in destination.capabilities.enumerated()
            where !capabilityIDs.contains(capability) {
                report(
                    .unknownReference, base + "/capabilities/\(capabilityIndex)", position,
                    "capability '\(capability)' is not declared under \"capabilities\"; declare it or fix the spelling")
            }
        }
    }

    mutating func commands() {
        let capabilityIDs = Set(manifest.capabilities.map(\.id))
        let destinationIDs = Set(manifest.destinations.map(\.id))
        var appShortcuts: [Int] = []
        var shortcutOwners: [KeyboardShortcutSpec: String] = [:]
        for (index, command) in manifest.commands.enumerated() {
            let base = "/commands/\(index)"
            let position = locations.commands[index].position
            for (referenceIndex, destination) in command.destinations.enumerated()
            where !destinationIDs.contains(destination) {
                report(
                    .unknownReference, base + "/destinations/\(referenceIndex)", position,
                    "destination '\(destination)' is not declared under \"destinations\"; declare it or fix the spelling"
                )
            }
            for (capabilityIndex, capability) in command.capabilities.enumerated()
            where !capabilityIDs.contains(capability) {
                report(
                    .unknownReference, base + "/capabilities/\(capabilityIndex)", position,
                    "capability '\(capability)' is not declared under \"capabilities\"; declare it or fix the spelling")
            }
            if command.placements.contains(.appShortcut) { appShortcuts.append(index) }
            if let shortcut = command.shortcut {
                if let reserved = shortcut.reservedMessage {
                    let location = locations.shortcuts[index]
                    report(.invalidShortcut, location?.pointer ?? base, location?.position ?? position, reserved)
                } else if let owner = shortcutOwners[shortcut] {
                    let location = locations.shortcuts[index]
                    report(
                        .invalidShortcut, location?.pointer ?? base, location?.position ?? position,
                        "shortcut \(shortcut) is already used by command '\(owner)'; choose another")
                } else {
                    shortcutOwners[shortcut] = command.id
                }
            }
        }
        if appShortcuts.count > Self.maxAppShortcuts {
            let extra = appShortcuts[Self.maxAppShortcuts]
            report(
                .tooManyAppShortcuts, "/commands/\(extra)/placements", locations.commands[extra].position,
                "\(appShortcuts.count) commands are placed as App Shortcuts; an app may have at most "
                    + "\(Self.maxAppShortcuts). Remove \"appShortcut\" from \(appShortcuts.count - Self.maxAppShortcuts)"
            )
        }
    }

    /// Bound commands: typed params, no App Shortcut (it would run with no page), and no two
    /// bindings of one method that ServeMux could not tell apart.
    mutating func pageActions() {
        var bound: [ManifestPageAction.Method: [Int]] = [:]
        for (index, command) in manifest.commands.enumerated() {
            guard let action = command.pageAction, let location = locations.pageActions[index] else { continue }
            checkParams(action.params, of: action.pattern, location.pointer, location.position)
            checkFields(action, location.pointer, location.position)
            bound[action.method, default: []].append(index)
            if command.placements.contains(.appShortcut) {
                report(
                    .invalidValue, "/commands/\(index)/placements", location.position,
                    "command '\(command.id)' is bound to a page action, which is available only while a web screen "
                        + "shows it; an App Shortcut runs with no page. Remove \"appShortcut\" from its placements")
            }
        }
        for method in ManifestPageAction.Method.allCases {
            let indices = bound[method] ?? []
            let patterns = indices.compactMap { manifest.commands[$0].pageAction?.pattern }
            let (found, _) = PatternConflictIndex.conflicts(in: patterns, limit: Self.maxReportedConflicts)
            for conflict in found {
                let first = manifest.commands[indices[conflict.first]]
                let second = manifest.commands[indices[conflict.second]]
                let location = locations.pageActions[indices[conflict.second]]
                if let firstAction = first.pageAction, let secondAction = second.pageAction,
                    firstAction.pattern.text == secondAction.pattern.text
                {
                    if let firstSubmitter = firstAction.submitter, let secondSubmitter = secondAction.submitter,
                        firstSubmitter != secondSubmitter
                    {
                        if firstAction.params != secondAction.params {
                            report(
                                .conflictingPatterns, (location?.pointer ?? "/commands") + "/params",
                                location?.position,
                                "command '\(second.id)' shares the page action \(method.rawValue) "
                                    + "'\(secondAction.pattern.text)' with '\(first.id)' but declares other params; "
                                    + "commands told apart by their submit button read the URL the same way: declare "
                                    + "the same params")
                        }
                        continue
                    }
                    let why: String
                    if let submitter = firstAction.submitter, submitter == secondAction.submitter {
                        why = "both name the submit button \(submitter), so one button would be both"
                    } else {
                        why = "a form posting there would be both unless each names its own submit button"
                    }
                    report(
                        .conflictingPatterns, (location?.pointer ?? "/commands") + "/pattern", location?.position,
                        "page action \(method.rawValue) '\(secondAction.pattern.text)' of command '\(second.id)' is "
                            + "also the one of '\(first.id)': \(why). Give each a different \"submitter\" "
                            + "({\"name\": …, \"value\": …}) or bind only one")
                    continue
                }
                let how = conflict.relationship == .equivalent ? "the same" : "some of the same"
                report(
                    .conflictingPatterns, (location?.pointer ?? "/commands") + "/pattern", location?.position,
                    "page action \(method.rawValue) '\(second.pageAction?.pattern.description ?? "")' of command "
                        + "'\(second.id)' matches \(how) paths as the one of '\(first.id)', so a form or link could "
                        + "offer both; make one pattern more specific")
            }
        }
    }

    /// A page action's `fields`: scalars or string enums (each is sent once, never optional), none
    /// named like a param of the URL.
    mutating func checkFields(_ action: ManifestPageAction, _ base: String, _ position: JSONPosition?) {
        for field in action.fields {
            let pointer = ManifestReader.child(base + "/fields", field.name)
            checkType(field.type, pointer, position)
            if !isPathScalar(field.type) {
                report(
                    .invalidValue, pointer, position,
                    "field '\(field.name)' has type \(field.type); a form field bound to a command must be string, int, "
                        + "bool, double, uuid or a string enum (the page sends it once; it is never optional)")
            }
            if action.params.contains(where: { $0.name == field.name }) {
                report(
                    .invalidValue, pointer, position,
                    "field '\(field.name)' has the name of a param of the pattern's URL; an offer's params hold both, "
                        + "so rename or remove one")
            }
        }
    }

    /// `session.signIn` names a web destination; `session.signOut` a command bound to a POST.
    mutating func session() {
        guard let session = manifest.session else { return }
        let location = locations.session
        if let destination = manifest.destinations.first(where: { $0.id == session.signIn }) {
            if destination.presentation != .web {
                report(
                    .invalidValue, "/session/signIn", location.position,
                    "sign-in destination '\(session.signIn)' is native; the web app signs people in on its own page, "
                        + "so it must be a \"web\" destination (its cookies stay in the web view's store)")
            }
        } else {
            report(
                .unknownReference, "/session/signIn", location.position,
                "destination '\(session.signIn)' is not declared under \"destinations\"; name the sign-in page's "
                    + "destination")
        }
        if let auth = session.auth { authSession(auth, signIn: session.signIn) }
        guard let signOut = session.signOut else { return }
        guard let command = manifest.commands.first(where: { $0.id == signOut }) else {
            report(
                .unknownReference, "/session/signOut", location.position,
                "command '\(signOut)' is not declared under \"commands\"; name the command bound to the sign-out form")
            return
        }
        if command.pageAction?.method != .post {
            report(
                .invalidValue, "/session/signOut", location.position,
                "command '\(signOut)' must be bound to the sign-out form: add \"pageAction\": {\"method\": \"POST\", "
                    + "\"pattern\": \"/signout\"}")
        }
    }

    /// A session of kind `auth`: literal, distinct paths on the app's origins; the callback
    /// fixed at Rastrillo's `/auth/callback` and never a universal link; a literal sign-in page
    /// (its "send a link instead" state is built from it); keymail hosts that are hosts.
    mutating func authSession(_ auth: ManifestAuthSignIn, signIn: String) {
        let pointer = locations.sessionAuth.pointer
        let position = locations.sessionAuth.position ?? locations.session.position
        let paths: [(key: String, path: String)] = [
            ("signedInPath", auth.signedInPath), ("callbackPath", auth.callbackPath),
            ("magicLinkPath", auth.magicLinkPath), ("secondFactorPath", auth.secondFactorPath),
        ]
        for (key, path) in paths where !AuthSignInPaths.isLiteralPath(path) {
            report(
                .invalidValue, pointer + "/" + key, position,
                "\(key) '\(path)' must be a literal absolute path on the app's origin (such as /auth/verify): no "
                    + "wildcard, query, fragment, empty or dot segment")
        }
        if auth.callbackPath != ManifestAuthSignIn.rastrilloCallbackPath {
            report(
                .invalidValue, pointer + "/callbackPath", position,
                "callbackPath '\(auth.callbackPath)' cannot move: Rastrillo's auth fixes keymail's redirect_uri at "
                    + "\(ManifestAuthSignIn.rastrilloCallbackPath); remove the key or write that path")
        }
        var signInPath: String?
        if let destination = manifest.destinations.first(where: { $0.id == signIn }) {
            signInPath = AuthSignInPaths.literalPath(of: destination.pattern)
            if signInPath == nil {
                report(
                    .invalidValue, "/session/signIn", locations.session.position,
                    "sign-in destination '\(signIn)' has the pattern '\(destination.pattern)'; with \"kind\": \"auth\" "
                        + "the sign-in page must be one literal path (/signin), so its \"send a link instead\" state "
                        + "can be loaded")
            }
        }
        var seen: [String: String] = [:]
        if let signInPath { seen[signInPath] = "the sign-in page" }
        for (key, path) in paths {
            if let other = seen[path] {
                report(
                    .invalidValue, pointer + "/" + key, position,
                    "\(key) '\(path)' is also \(other); each sign-in path must be its own page")
            } else {
                seen[path] = key
            }
        }
        for (index, destination) in manifest.destinations.enumerated() where destination.link == .universalLink {
            guard let callback = try? PathPattern(parsing: auth.callbackPath),
                destination.pattern.relationship(to: callback) != .disjoint
            else { continue }
            report(
                .invalidValue, "/destinations/\(index)/link",
                index < locations.patterns.count ? locations.patterns[index].position : nil,
                "universal-link destination '\(destination.id)' (\(destination.pattern)) would claim keymail's "
                    + "callback \(auth.callbackPath): a callback opened from Safari would land in the app without "
                    + "its pending cookie; make the pattern exclude it or drop \"link\"")
        }
        guard let servers = auth.keymailServers else { return }
        let ownHosts = Set(manifest.internalOrigins.map(\.host))
        var seenServers: Set<String> = []
        for (index, server) in servers.enumerated() {
            let serverPointer = pointer + "/keymailServers/\(index)"
            if !AuthSignInPaths.isServerName(server) {
                report(
                    .invalidValue, serverPointer, position,
                    "keymail server '\(server)' must be a lowercase host name with an optional port "
                        + "(keymail.example.com, keymail.example.com:8443)")
            } else if ownHosts.contains(AuthSignInPaths.hostOfServer(server)) {
                report(
                    .invalidValue, serverPointer, position,
                    "keymail server '\(server)' is one of the app's own origins; keymail runs on another origin")
            } else if !seenServers.insert(server).inserted {
                report(.invalidValue, serverPointer, position, "keymail server '\(server)' is listed twice")
            }
        }
    }

    mutating func bridge() {
        let typeNames = Set(manifest.types.map(\.name))
        for (index, action) in manifest.bridge.actions.enumerated() {
            let location = locations.bridgeActions[index]
            checkType(action.payload, location.pointer + "/payload", location.position)
            checkType(action.reply, location.pointer + "/reply", location.position)
            generatedNameIsFree(action.name, typeNames, "action", location, "BridgeActions")
        }
        for (index, event) in manifest.bridge.events.enumerated() {
            let location = locations.bridgeEvents[index]
            checkType(event.payload, location.pointer + "/payload", location.position)
            generatedNameIsFree(event.name, typeNames, "event", location, "BridgeEvents")
        }
    }

    /// An action or event becomes a Swift type named like a manifest type with its first letter
    /// uppercased (`saveNote` → `BridgeActions.SaveNote`); one named like a declared type would
    /// shadow that type inside the generated namespace, and the generated code would not compile.
    private mutating func generatedNameIsFree(
        _ name: String, _ typeNames: Set<String>, _ what: String, _ location: ManifestLocations.Location,
        _ namespace: String
    ) {
        let generated = name.prefix(1).uppercased() + name.dropFirst()
        guard typeNames.contains(generated) else { return }
        report(
            .duplicateID, location.pointer, location.position,
            "\(what) '\(name)' would generate the Swift type \(namespace).\(generated), which shadows the declared "
                + "type '\(generated)'; rename the \(what) (for example '\(name)Request') or the type")
    }

    /// The most pattern conflicts one validation lists; any conflict still refuses the manifest,
    /// and a last issue says there are more. (A manifest whose n patterns all conflict has
    /// n²/2 pairs: listing them all took gigabytes for a few hundred kilobytes of input.)
    static let maxReportedConflicts = 20

    mutating func conflicts() {
        let patterns = manifest.destinations.map(\.pattern)
        let (found, hasMore) = PatternConflictIndex.conflicts(in: patterns, limit: Self.maxReportedConflicts)
        defer {
            if hasMore {
                report(
                    .conflictingPatterns, "/destinations", nil,
                    "more patterns conflict than the \(Self.maxReportedConflicts) conflicts listed; fix those and "
                        + "run the check again to see the rest")
            }
        }
        for conflict in found {
            let first = manifest.destinations[conflict.first]
            let second = manifest.destinations[conflict.second]
            let location = locations.patterns[conflict.second]
            let how =
                conflict.relationship == .equivalent
                ? "matches exactly the same paths as"
                : "matches some of the same paths as (and neither is more specific than the other)"
            report(
                .conflictingPatterns, location.pointer, location.position,
                "pattern '\(second.pattern)' of '\(second.id)' \(how) '\(first.pattern)' of '\(first.id)' "
                    + "(\(locations.patterns[conflict.first].pointer)); Go's ServeMux would panic registering both. "
                    + "Make one more specific, for example with a literal segment")
        }
    }

    mutating func aasa() {
        let universal = manifest.destinations.filter { $0.link == .universalLink }
        guard !universal.isEmpty else { return }
        if manifest.app.appIDs.isEmpty {
            report(
                .missingKey, locations.appIDs.pointer, locations.appIDs.position,
                "\(universal.count) destination(s) are universal links, so \"app.appIDs\" must list the app IDs "
                    + "for the apple-app-site-association file")
            return
        }
        let size = manifest.appleAppSiteAssociation().utf8.count
        if size > Self.maxAASABytes {
            report(
                .aasaTooLarge, "/destinations", nil,
                "the apple-app-site-association file would be \(size) bytes; Apple accepts at most "
                    + "\(Self.maxAASABytes). Use fewer universal-link destinations or broader patterns")
        }
    }
}
