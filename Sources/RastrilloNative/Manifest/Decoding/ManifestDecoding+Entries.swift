import RastrilloJSON

extension ManifestDecoding {
    mutating func destinationList(_ node: JSONNode) -> [ManifestDestination] {
        guard let items = reader.array(node, "/destinations", what: "\"destinations\"") else { return [] }
        var out: [ManifestDestination] = []
        for (index, item) in items.enumerated() {
            if let destination = destination(item, "/destinations/\(index)") { out.append(destination) }
        }
        return out
    }

    mutating func destination(_ node: JSONNode, _ pointer: String) -> ManifestDestination? {
        guard
            let object = reader.object(
                node, pointer, required: ["id", "pattern", "presentation", "titleKey"],
                optional: ["params", "capabilities", "link"], what: "a destination")
        else { return nil }
        let id = identifier(object["id"], pointer + "/id", what: "a destination id")
        let pattern = self.pattern(object["pattern"], pointer + "/pattern")
        let presentation = reader.enumValue(
            object["presentation"], pointer + "/presentation", what: "\"presentation\"",
            as: ManifestDestination.Presentation.self)
        let titleKey = reader.string(object["titleKey"], pointer + "/titleKey", what: "\"titleKey\"")
        let capabilities = reader.strings(object["capabilities"], pointer + "/capabilities", what: "\"capabilities\"")
        let link =
            object["link"].map {
                reader.enumValue($0, pointer + "/link", what: "\"link\"", as: ManifestDestination.LinkIntent.self)
            } ?? .inApp
        let params = self.params(object["params"], pattern: pattern, pointer)
        locations.destinations.append(.init(pointer: pointer + "/id", position: object["id"]?.position))
        locations.patterns.append(.init(pointer: pointer + "/pattern", position: object["pattern"]?.position))
        guard let id, let pattern, let presentation, let titleKey, let link else {
            locations.destinations.removeLast()
            locations.patterns.removeLast()
            return nil
        }
        return ManifestDestination(
            id: id, pattern: pattern, params: params, presentation: presentation, titleKey: titleKey,
            capabilities: capabilities, link: link)
    }

    /// The typed params of a pattern: each wildcard (typed by `node`, `string` when absent), then
    /// the query params `node` declares.
    mutating func params(_ node: JSONNode?, pattern: PathPattern?, _ pointer: String) -> [ManifestDestination.Param] {
        var params: [ManifestDestination.Param] = []
        var declared: [String: ManifestType] = [:]
        guard let paramsNode = node else {
            return pattern?.wildcardNames.map { .init(name: $0, type: .string, inPath: true) } ?? []
        }
        guard case .object(let paramObject) = paramsNode.value else {
            reader.report(
                .invalidValue, pointer + "/params", paramsNode.position, "\"params\" must be an object of name → type")
            return []
        }
        for member in paramObject.members {
            let paramPointer = ManifestReader.child(pointer + "/params", member.key)
            if let type = reader.type(member.value, paramPointer) { declared[member.key] = type }
            if !ManifestIdentifier.isParamName(member.key) {
                reader.report(
                    .invalidValue, paramPointer, member.keyPosition,
                    "param name '\(member.key)' must be ASCII letters, digits and '_', starting with a letter, at most "
                        + "64 bytes (keywords such as select or type are fine)")
            }
        }
        guard let pattern else { return [] }
        let pathNames = pattern.wildcardNames
        for name in pathNames {
            params.append(.init(name: name, type: declared[name] ?? .string, inPath: true))
        }
        for member in paramObject.members where !pathNames.contains(member.key) {
            if let type = declared[member.key] {
                params.append(.init(name: member.key, type: type, inPath: false))
            }
        }
        return params
    }

    /// A pattern string, parsed; a problem is reported at `pointer`.
    mutating func pattern(_ node: JSONNode?, _ pointer: String) -> PathPattern? {
        guard let text = reader.string(node, pointer, what: "\"pattern\"") else { return nil }
        do {
            return try PathPattern(parsing: text)
        } catch {
            reader.report(.invalidPattern, pointer, node?.position, "pattern '\(text)' \(error.description)")
            return nil
        }
    }

    /// A command's `pageAction`: `{"method": "GET"|"POST", "pattern": …, "params": {…},
    /// "submitter": {"name": …, "value": …}, "fields": {name: type}}`.
    mutating func pageAction(_ node: JSONNode, _ pointer: String) -> ManifestPageAction? {
        guard
            let object = reader.object(
                node, pointer, required: ["method", "pattern"], optional: ["params", "submitter", "fields"],
                what: "\"pageAction\"")
        else { return nil }
        let method = reader.enumValue(
            object["method"], pointer + "/method", what: "\"method\" (GET for a link, POST for a form)",
            as: ManifestPageAction.Method.self)
        let pattern = self.pattern(object["pattern"], pointer + "/pattern")
        let params = self.params(object["params"], pattern: pattern, pointer)
        let submitter = object["submitter"].flatMap { self.submitter($0, pointer + "/submitter") }
        let fields = object["fields"].map { self.fields($0, pointer + "/fields") } ?? []
        if method == .get {
            for key in ["submitter", "fields"] where object[key] != nil {
                reader.report(
                    .invalidValue, pointer + "/" + key, object[key]?.position,
                    "\"\(key)\" belongs to a form (\"method\": \"POST\"); a link sends no submit button or fields. "
                        + "Remove it or bind the form")
            }
        }
        guard let method, let pattern else { return nil }
        return ManifestPageAction(
            method: method, pattern: pattern, params: params, submitter: submitter, fields: fields)
    }

    /// A page action's `submitter`: `{"name": <the button's name>, "value": <its value>}`.
    mutating func submitter(_ node: JSONNode, _ pointer: String) -> ManifestPageAction.Submitter? {
        let what = "\"submitter\" (the submit button's name and value)"
        guard let object = reader.object(node, pointer, required: ["name", "value"], what: what) else { return nil }
        let name = reader.string(object["name"], pointer + "/name", what: "\"name\" (the button's name attribute)")
        let value = reader.string(object["value"], pointer + "/value", what: "\"value\" (the button's value)")
        if let name, name.isEmpty || name.utf8.count > 256 {
            reader.report(
                .invalidValue, pointer + "/name", object["name"]?.position,
                "a submit button sends its value only when it has a name: \"name\" must be 1 to 256 bytes")
        }
        if let value, value.utf8.count > 1024 {
            reader.report(
                .invalidValue, pointer + "/value", object["value"]?.position, "\"value\" must be at most 1,024 bytes")
        }
        guard let name, let value, !name.isEmpty else { return nil }
        return .init(name: name, value: value)
    }

    /// A page action's `fields`: `{name: type}`, form fields whose values are part of the command.
    mutating func fields(_ node: JSONNode, _ pointer: String) -> [ManifestDestination.Param] {
        guard case .object(let object) = node.value else {
            reader.report(.invalidValue, pointer, node.position, "\"fields\" must be an object of field name → type")
            return []
        }
        var fields: [ManifestDestination.Param] = []
        for member in object.members {
            let fieldPointer = ManifestReader.child(pointer, member.key)
            if !ManifestIdentifier.isParamName(member.key) {
                reader.report(
                    .invalidValue, fieldPointer, member.keyPosition,
                    "field name '\(member.key)' must be ASCII letters, digits and '_', starting with a letter, at most "
                        + "64 bytes")
            }
            if let type = reader.type(member.value, fieldPointer) {
                fields.append(.init(name: member.key, type: type, inPath: false))
            }
        }
        return fields
    }

    /// The manifest's `session`: `{"kind": "password"|"auth", "signIn": <destination id>,
    /// "signOut": <command id>, "auth": {…}}`.
    mutating func session(_ node: JSONNode) -> ManifestSession? {
        guard
            let object = reader.object(
                node, "/session", required: ["signIn"], optional: ["kind", "signOut", "auth"], what: "\"session\"")
        else { return nil }
        let kind =
            object["kind"].map {
                reader.enumValue(
                    $0, "/session/kind", what: "\"kind\" (password, or auth for Rastrillo's auth)",
                    as: ManifestSession.Kind.self)
            } ?? .password
        let signIn = reader.string(object["signIn"], "/session/signIn", what: "\"signIn\" (a destination id)")
        let signOut = object["signOut"].flatMap {
            reader.string($0, "/session/signOut", what: "\"signOut\" (a command id)")
        }
        var auth: ManifestAuthSignIn?
        if let authNode = object["auth"] {
            if kind == .auth {
                auth = authSignIn(authNode)
            } else if kind == .password {
                reader.report(
                    .invalidValue, "/session/auth", authNode.position,
                    "\"auth\" belongs to a session of kind auth; add \"kind\": \"auth\" or remove \"auth\"")
            }
        }
        locations.session = .init(pointer: "/session", position: node.position)
        guard let signIn, let kind else { return nil }
        return ManifestSession(kind: kind, signIn: signIn, signOut: signOut, auth: auth)
    }

    /// `session.auth`: Rastrillo auth's paths (each defaulting to Rastrillo's), keymail servers,
    /// the ephemeral-session choice.
    mutating func authSignIn(_ node: JSONNode) -> ManifestAuthSignIn? {
        let pointer = "/session/auth"
        guard
            let object = reader.object(
                node, pointer, required: [],
                optional: [
                    "signedInPath", "callbackPath", "magicLinkPath", "secondFactorPath", "keymailServers",
                    "ephemeralSession",
                ], what: "\"session.auth\"")
        else { return nil }
        let defaults = ManifestAuthSignIn()
        func path(_ key: String, _ fallback: String) -> String {
            reader.string(object[key], pointer + "/" + key, what: "\"\(key)\" (a path such as \(fallback))") ?? fallback
        }
        var servers: [String]?
        if let serversNode = object["keymailServers"] {
            servers = reader.strings(
                serversNode, pointer + "/keymailServers", what: "\"keymailServers\" (keymail hosts)")
        }
        var ephemeral = false
        if let flag = object["ephemeralSession"] {
            if case .bool(let value) = flag.value {
                ephemeral = value
            } else {
                reader.report(
                    .invalidValue, pointer + "/ephemeralSession", flag.position,
                    "\"ephemeralSession\" must be true or false, found \(ManifestReader.kindName(flag.value))")
            }
        }
        locations.sessionAuth = .init(pointer: pointer, position: node.position)
        return ManifestAuthSignIn(
            signedInPath: path("signedInPath", defaults.signedInPath),
            callbackPath: path("callbackPath", defaults.callbackPath),
            magicLinkPath: path("magicLinkPath", defaults.magicLinkPath),
            secondFactorPath: path("secondFactorPath", defaults.secondFactorPath), keymailServers: servers,
            ephemeralSession: ephemeral)
    }

    mutating func identifier(_ node: JSONNode?, _ pointer: String, what: String) -> String? {
        guard let node, let text = reader.string(node, pointer, what: what) else { return nil }
        guard ManifestIdentifier.isLowerCamel(text), !ManifestIdentifier.reservedCaseNames.contains(text) else {
            reader.report(
                .invalidValue, pointer, node.position,
                "\(what) '\(text)' must be a lowerCamel ASCII identifier (noteDetail) that is not a keyword or one of "
                    + ManifestIdentifier.reservedCaseNames.sorted().joined(separator: ", "))
            return nil
        }
        return text
    }

    mutating func commandList(_ node: JSONNode) -> [ManifestCommand] {
        guard let items = reader.array(node, "/commands", what: "\"commands\"") else { return [] }
        var out: [ManifestCommand] = []
        for (index, item) in items.enumerated() {
            let pointer = "/commands/\(index)"
            guard
                let object = reader.object(
                    item, pointer, required: ["id", "titleKey", "placements"],
                    optional: ["symbol", "shortcut", "role", "destinations", "capabilities", "pageAction"],
                    what: "a command")
            else { continue }
            let id = identifier(object["id"], pointer + "/id", what: "a command id")
            let titleKey = reader.string(object["titleKey"], pointer + "/titleKey", what: "\"titleKey\"")
            let symbol = reader.string(object["symbol"], pointer + "/symbol", what: "\"symbol\"")
            var shortcut: KeyboardShortcutSpec?
            if let text = reader.string(object["shortcut"], pointer + "/shortcut", what: "\"shortcut\"") {
                switch KeyboardShortcutSpec.parse(text) {
                case .success(let value): shortcut = value
                case .failure(let error):
                    reader.report(
                        .invalidShortcut, pointer + "/shortcut", object["shortcut"]?.position,
                        "shortcut '\(text)': \(error.description)")
                }
            }
            let role = object["role"].flatMap {
                reader.enumValue($0, pointer + "/role", what: "\"role\"", as: ManifestCommand.Role.self)
            }
            var placements: [ManifestCommand.Placement] = []
            if let nodes = reader.array(object["placements"], pointer + "/placements", what: "\"placements\"") {
                for (placementIndex, placementNode) in nodes.enumerated() {
                    if let placement = reader.enumValue(
                        placementNode, pointer + "/placements/\(placementIndex)", what: "a placement",
                        as: ManifestCommand.Placement.self)
                    {
                        if placements.contains(placement) {
                            reader.report(
                                .invalidValue, pointer + "/placements/\(placementIndex)", placementNode.position,
                                "placement '\(placement.rawValue)' is listed twice")
                        }
                        placements.append(placement)
                    }
                }
                if nodes.isEmpty {
                    reader.report(
                        .invalidValue, pointer + "/placements", object["placements"]?.position,
                        "a command needs at least one placement")
                }
            }
            let destinations = reader.strings(
                object["destinations"], pointer + "/destinations", what: "\"destinations\"")
            let capabilities = reader.strings(
                object["capabilities"], pointer + "/capabilities", what: "\"capabilities\"")
            let pageAction = object["pageAction"].flatMap { self.pageAction($0, pointer + "/pageAction") }
            guard let id, let titleKey else { continue }
            locations.pageActions.append(
                pageAction.map { _ in .init(pointer: pointer + "/pageAction", position: object["pageAction"]?.position)
                })
            locations.commands.append(.init(pointer: pointer + "/id", position: object["id"]?.position))
            locations.shortcuts.append(
                object["shortcut"].map { .init(pointer: pointer + "/shortcut", position: $0.position) })
            out.append(
                ManifestCommand(
                    id: id, titleKey: titleKey, symbol: symbol, shortcut: shortcut, role: role, placements: placements,
                    destinations: destinations, capabilities: capabilities, pageAction: pageAction))
        }
        return out
    }

    mutating func bridge(_ node: JSONNode) -> ManifestBridge {
        guard
            let object = reader.object(
                node, "/bridge", required: [], optional: ["actions", "events"], what: "\"bridge\"")
        else { return .empty }
        var actions: [ManifestBridge.Action] = []
        var events: [ManifestBridge.Event] = []
        for (key, isAction) in [("actions", true), ("events", false)] {
            guard let section = object[key] else { continue }
            guard case .object(let entries) = section.value else {
                reader.report(
                    .invalidValue, "/bridge/\(key)", section.position, "\"\(key)\" must be an object of name → spec")
                continue
            }
            for member in entries.members {
                let pointer = ManifestReader.child("/bridge/\(key)", member.key)
                if !ManifestIdentifier.isLowerCamel(member.key) {
                    reader.report(
                        .invalidValue, pointer, member.keyPosition,
                        "bridge name '\(member.key)' must be a lowerCamel ASCII identifier that is not a keyword")
                    continue
                }
                guard
                    let spec = reader.object(
                        member.value, pointer, required: isAction ? ["payload", "reply"] : ["payload"],
                        what: isAction ? "a bridge action" : "a bridge event")
                else { continue }
                let payload = spec["payload"].flatMap { reader.type($0, pointer + "/payload") }
                let location = ManifestLocations.Location(pointer: pointer, position: member.keyPosition)
                if isAction {
                    let reply = spec["reply"].flatMap { reader.type($0, pointer + "/reply") }
                    if let payload, let reply {
                        actions.append(.init(name: member.key, payload: payload, reply: reply))
                        locations.bridgeActions.append(location)
                    }
                } else if let payload {
                    events.append(.init(name: member.key, payload: payload))
                    locations.bridgeEvents.append(location)
                }
            }
        }
        return ManifestBridge(actions: actions, events: events)
    }
}
