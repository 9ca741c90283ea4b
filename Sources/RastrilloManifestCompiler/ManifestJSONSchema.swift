import RastrilloNative

/// The JSON Schema (draft 2020-12) of the app manifest, for editors.
///
/// It states the shape the decoder accepts (required and allowed keys, enums,
/// the type-expression grammar); the checks that need the whole document
/// (conflicts, references, shortcut grammar, limits) stay with
/// `rastrillo-native manifest check`. `make manifest-schema-check` keeps
/// docs/app-manifest.schema.json equal to ``text``.
public enum ManifestJSONSchema {
    /// Every spelling (each modifier order) of the shortcuts the system reserves, sorted.
    static var reservedShortcutSpellings: [String] {
        var spellings: [String] = []
        for shortcut in KeyboardShortcutSpec.reservedCommands.keys {
            let names = shortcut.modifiers.map(\.rawValue)
            let orders = names.count == 2 ? [names, names.reversed()] : [names]
            for order in orders { spellings.append((order + [shortcut.key]).joined(separator: "+")) }
        }
        return spellings.sorted()
    }

    /// The schema as deterministic, 2-space-indented JSON text.
    public static var text: String {
        let id = #"^[a-z][A-Za-z0-9]*$"#
        let paramName = #"^[A-Za-z][A-Za-z0-9_]{0,63}$"#
        let typeName = #"^[A-Z][A-Za-z0-9]*$"#
        let capability = #"^[a-z][a-z0-9-]*(\\.[a-z][a-z0-9-]*)*$"#
        // One list of refused schemes (ManifestOrigin.refusedSchemes) for the decoder and the schema;
        // the schema only admits lowercase schemes, so a lowercase look-ahead refuses them in any case
        // the schema lets through. An origin is exactly scheme://host[:port]: no trailing '/', no :0.
        let refused = ManifestOrigin.refusedSchemes.joined(separator: "|")
        let origin = #"^(?!(?:\#(refused)):)(?!.*:0+$)[a-z][a-z0-9+.-]*://[^/@%?#\\\\]+$"#
        let externalScheme = #"^(?!(?:\#(refused))$)[a-z][a-z0-9+.-]*$"#
        func strings(_ values: [String]) -> String { "[" + values.map { "\"\($0)\"" }.joined(separator: ", ") + "]" }
        let presentations = strings(ManifestDestination.Presentation.allCases.map(\.rawValue))
        let links = strings(ManifestDestination.LinkIntent.allCases.map(\.rawValue))
        let placements = strings(ManifestCommand.Placement.allCases.map(\.rawValue))
        let roles = strings(ManifestCommand.Role.allCases.map(\.rawValue))
        let foreign = strings(AppManifest.LinkPolicy.ForeignWeb.allCases.map(\.rawValue))
        let methods = strings(ManifestPageAction.Method.allCases.map(\.rawValue))
        let reservedShortcuts = strings(reservedShortcutSpellings)
        return """
            {
              "$schema": "https://json-schema.org/draft/2020-12/schema",
              "$id": "https://rastrillo.org/schemas/app-manifest-1.json",
              "title": "RastrilloNative app manifest (schemaVersion 1)",
              "type": "object",
              "additionalProperties": false,
              "required": ["schemaVersion", "app", "origins", "destinations"],
              "properties": {
                "$schema": {"type": "string"},
                "schemaVersion": {"const": 1},
                "app": {
                  "type": "object", "additionalProperties": false, "required": ["name"],
                  "properties": {
                    "name": {"type": "string"},
                    "appIDs": {"type": "array", "items": {"type": "string", "pattern": "^[A-Z0-9]{10}\\\\.[A-Za-z0-9.-]+$"}}
                  }
                },
                "origins": {
                  "type": "array", "minItems": 1,
                  "items": {
                    "type": "object", "additionalProperties": false, "required": ["origin"],
                    "properties": {
                      "origin": {"$ref": "#/$defs/origin"},
                      "aliases": {"type": "array", "items": {"$ref": "#/$defs/origin"}}
                    }
                  }
                },
                "links": {
                  "type": "object", "additionalProperties": false,
                  "properties": {
                    "foreignWeb": {"enum": \(foreign)},
                    "externalSchemes": {"type": "array", "items": {"type": "string", "pattern": "\(externalScheme)"}}
                  }
                },
                "capabilities": {
                  "type": "array",
                  "items": {
                    "type": "object", "additionalProperties": false, "required": ["id", "description"],
                    "properties": {"id": {"type": "string", "pattern": "\(capability)"}, "description": {"type": "string"}}
                  }
                },
                "types": {
                  "type": "object",
                  "propertyNames": {"pattern": "\(typeName)"},
                  "additionalProperties": {
                    "oneOf": [
                      {
                        "type": "object", "additionalProperties": false, "required": ["enum"],
                        "properties": {"enum": {"type": "array", "minItems": 1, "uniqueItems": true, "items": {"type": "string", "pattern": "\(id)"}}}
                      },
                      {
                        "type": "object", "additionalProperties": false, "required": ["fields"],
                        "properties": {"fields": {"type": "object", "propertyNames": {"pattern": "\(id)"}, "additionalProperties": {"$ref": "#/$defs/type"}}}
                      }
                    ]
                  }
                },
                "destinations": {
                  "type": "array",
                  "items": {
                    "type": "object", "additionalProperties": false,
                    "required": ["id", "pattern", "presentation", "titleKey"],
                    "properties": {
                      "id": {"type": "string", "pattern": "\(id)"},
                      "pattern": {"type": "string", "pattern": "^/", "description": "Go 1.22 ServeMux path pattern: {name}, {name...}, {$}; no host, no method"},
                      "params": {"type": "object", "propertyNames": {"pattern": "\(paramName)"}, "additionalProperties": {"$ref": "#/$defs/type"}},
                      "presentation": {"enum": \(presentations)},
                      "titleKey": {"type": "string"},
                      "capabilities": {"type": "array", "items": {"type": "string"}},
                      "link": {"enum": \(links)}
                    }
                  }
                },
                "commands": {
                  "type": "array",
                  "items": {
                    "type": "object", "additionalProperties": false, "required": ["id", "titleKey", "placements"],
                    "properties": {
                      "id": {"type": "string", "pattern": "\(id)"},
                      "titleKey": {"type": "string"},
                      "symbol": {"type": "string"},
                      "shortcut": {
                        "type": "string", "pattern": "^((cmd|shift|option|control)\\\\+)*[^+]+$",
                        "description": "Not a shortcut the system reserves for text editing or standard app commands.",
                        "not": {"enum": \(reservedShortcuts)}
                      },
                      "role": {"enum": \(roles)},
                      "placements": {"type": "array", "minItems": 1, "uniqueItems": true, "items": {"enum": \(placements)}},
                      "destinations": {"type": "array", "items": {"type": "string"}},
                      "capabilities": {"type": "array", "items": {"type": "string"}},
                      "pageAction": {
                        "type": "object", "additionalProperties": false, "required": ["method", "pattern"],
                        "description": "The web app's form (POST) or link (GET) this command stands for; offered only while a web screen shows it. Not with an appShortcut placement.",
                        "properties": {
                          "method": {"enum": \(methods)},
                          "pattern": {"type": "string", "pattern": "^/", "description": "Go 1.22 ServeMux path pattern of the form's action or the link's href"},
                          "params": {"type": "object", "propertyNames": {"pattern": "\(paramName)"}, "additionalProperties": {"$ref": "#/$defs/type"}},
                          "submitter": {
                            "type": "object", "additionalProperties": false, "required": ["name", "value"],
                            "description": "POST only: the submit button whose submission this command is (its name and value); commands sharing a pattern must each name a different one.",
                            "properties": {"name": {"type": "string", "minLength": 1}, "value": {"type": "string"}}
                          },
                          "fields": {
                            "type": "object", "propertyNames": {"pattern": "\(paramName)"}, "additionalProperties": {"$ref": "#/$defs/type"},
                            "description": "POST only: form fields whose values are part of the command (a scalar or string enum each), such as a locale menu's locale."
                          }
                        }
                      }
                    }
                  }
                },
                "session": {
                  "type": "object", "additionalProperties": false, "required": ["signIn"],
                  "description": "How the web app signs people in: kind is password (the default) or auth (Rastrillo's auth: magic links, keymail, second factors); signIn names its sign-in page's web destination, signOut the command bound to its POST sign-out form; auth holds Rastrillo auth's paths (each defaulting to Rastrillo's) and keymail choices, and only with kind auth.",
                  "properties": {
                    "kind": {"enum": ["password", "auth"]},
                    "signIn": {"type": "string", "pattern": "\(id)"},
                    "signOut": {"type": "string", "pattern": "\(id)"},
                    "auth": {
                      "type": "object", "additionalProperties": false,
                      "properties": {
                        "signedInPath": {"type": "string", "pattern": "^/", "description": "where a fresh session lands (default /)"},
                        "callbackPath": {"const": "/auth/callback", "description": "keymail's OAuth return, fixed by Rastrillo"},
                        "magicLinkPath": {"type": "string", "pattern": "^/", "description": "the magic link's confirm page (default /auth/verify)"},
                        "secondFactorPath": {"type": "string", "pattern": "^/", "description": "the second-factor page (default /signin/confirm)"},
                        "keymailServers": {"type": "array", "items": {"type": "string", "pattern": "^[a-z0-9.-]+(:[1-9][0-9]{0,4})?$"}, "description": "keymail hosts whose authorize page may open; absent means any; empty means never"},
                        "ephemeralSession": {"type": "boolean", "description": "run keymail in an ephemeral browser session (default false)"}
                      }
                    }
                  },
                  "if": {"not": {"properties": {"kind": {"const": "auth"}}, "required": ["kind"]}},
                  "then": {"not": {"required": ["auth"]}}
                },
                "bridge": {
                  "type": "object", "additionalProperties": false,
                  "properties": {
                    "actions": {
                      "type": "object", "propertyNames": {"pattern": "\(id)"},
                      "additionalProperties": {
                        "type": "object", "additionalProperties": false, "required": ["payload", "reply"],
                        "properties": {"payload": {"$ref": "#/$defs/type"}, "reply": {"$ref": "#/$defs/type"}}
                      }
                    },
                    "events": {
                      "type": "object", "propertyNames": {"pattern": "\(id)"},
                      "additionalProperties": {
                        "type": "object", "additionalProperties": false, "required": ["payload"],
                        "properties": {"payload": {"$ref": "#/$defs/type"}}
                      }
                    }
                  }
                }
              },
              "$defs": {
                "origin": {"type": "string", "pattern": "\(origin)"},
                "type": {
                  "oneOf": [
                    {"enum": ["string", "int", "bool", "double", "uuid"]},
                    {"type": "string", "pattern": "\(typeName)"},
                    {"type": "object", "additionalProperties": false, "required": ["array"], "properties": {"array": {"$ref": "#/$defs/type"}}},
                    {"type": "object", "additionalProperties": false, "required": ["optional"], "properties": {"optional": {"$ref": "#/$defs/type"}}}
                  ]
                }
              }
            }

            """
    }
}
