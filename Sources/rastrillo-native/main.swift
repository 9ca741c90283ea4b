import Foundation
import RastrilloNativeCLI

exit(CLI.main(Array(CommandLine.arguments.dropFirst())))
