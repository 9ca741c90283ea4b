import RastrilloNative

enum RunnerBench {
    @MainActor static func run() async {
        print("runner benchmark: pending")
    }
}
