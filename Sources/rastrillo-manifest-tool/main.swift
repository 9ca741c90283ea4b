// rastrillo-native without the embedded companion template: the tool
// RastrilloManifestPlugin runs (`manifest build`). SwiftPM does not run the
// template's build plugin inside a tool another plugin depends on.
import Foundation
import RastrilloNativeCLI

exit(CLI.main(Array(CommandLine.arguments.dropFirst())))
