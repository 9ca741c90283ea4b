import Foundation
import RastrilloVectorsCLI

exit(VectorsCLI.main(Array(CommandLine.arguments.dropFirst())))
