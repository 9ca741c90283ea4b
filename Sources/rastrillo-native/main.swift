import Foundation
import RastrilloNativeCLI

// `embeddedCompanionTemplate` is generated at build time by CompanionTemplatePlugin from examples/companion.
exit(CLI.main(Array(CommandLine.arguments.dropFirst()), companionTemplate: embeddedCompanionTemplate))
