import Foundation
import RastrilloNativeCLI

// `embeddedCompanionTemplate` and `embeddedNotesTemplate` are generated at build time by
// CompanionTemplatePlugin from examples/companion and examples/notes.
exit(
    CLI.main(
        Array(CommandLine.arguments.dropFirst()),
        templates: ["companion": embeddedCompanionTemplate, "notes": embeddedNotesTemplate]))
