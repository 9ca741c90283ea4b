import Testing

@testable import RastrilloNativeCLI

/// The parser against a declaration made for the test, independent of any command.
@Suite("CLI parser")
struct CLIParserTests {
    static var declaration: CLICommandConfiguration {
        CLICommandConfiguration(
            name: "demo", abstract: "A demo.",
            arguments: [.single("input", help: "The input."), .repeating("rest", help: "More.")],
            options: [
                .value("--out", "dir", required: true, help: "Where."),
                .value("--level", "n", help: "How much."),
                .flag("--check", help: "Only check."),
                .repeating("--tag", "name", help: "Tags."),
            ]
        )
    }

    static func parse(_ arguments: [String]) throws(CLIUsageError) -> CLIParsedArguments {
        try CLIParser.parse(arguments, for: declaration)
    }

    static func message(_ arguments: [String]) -> String? {
        do {
            _ = try parse(arguments)
            return nil
        } catch {
            return error.message
        }
    }

    @Test("options, flags and positionals in any order; both value spellings")
    func mixed() throws {
        let parsed = try Self.parse(["a", "--out", "o", "b", "--check", "--tag=x", "--level=-3", "c", "--tag", "y"])
        #expect(parsed.argument("input") == "a")
        #expect(parsed.arguments("rest") == ["b", "c"])
        #expect(parsed.value("--out") == "o")
        #expect(parsed.value("--level") == "-3")
        #expect(parsed.flag("--check"))
        #expect(parsed.values("--tag") == ["x", "y"])
        let joined = try Self.parse(["--out=o", "a", "b"])
        let separate = try Self.parse(["--out", "o", "a", "b"])
        #expect(joined == separate)
        #expect(!joined.flag("--check"))
        #expect(joined.value("--level") == nil)
        #expect(joined.values("--tag") == [])
    }

    @Test("-- ends the options; a lone - and an empty --name= value are values")
    func terminator() throws {
        let parsed = try Self.parse(["--out=", "-", "--", "--check", "-h", "--"])
        #expect(parsed.value("--out") == "")
        #expect(parsed.argument("input") == "-")
        #expect(parsed.arguments("rest") == ["--check", "-h", "--"])
        #expect(!parsed.flag("--check"))
    }

    @Test(
        "each usage error names the input",
        arguments: [
            (["a", "b", "--out", "o", "--colour"], "unknown option '--colour'"),
            (["a", "b", "--out", "o", "-v"], "unknown option '-v'"),
            (["a", "b", "--colour=red", "--out", "o"], "unknown option '--colour'"),
            (["a", "b", "--out"], "missing value for '--out <dir>'"),
            (["a", "b", "--out", "--check"], "missing value for '--out <dir>'"),
            (["a", "b", "--out", "-x"], "missing value for '--out <dir>'"),
            (["a", "b", "--out", "o", "--check=yes"], "flag '--check' does not take a value"),
            (["a", "b", "--out", "o", "--out", "p"], "option '--out' is given more than once"),
            (["a", "b", "--out", "o", "--check", "--check"], "option '--check' is given more than once"),
            (["--out", "o"], "missing argument '<input>'"),
            (["a", "--out", "o"], "missing argument '<rest>'"),
            (["a", "b"], "missing option '--out <dir>'"),
        ])
    func errors(arguments: [String], message: String) {
        #expect(Self.message(arguments) == message)
    }

    @Test("an extra positional is unexpected")
    func extra() {
        let single = CLICommandConfiguration(name: "one", abstract: "One.", arguments: [.single("x", help: "X.")])
        #expect(throws: CLIUsageError("unexpected argument 'b'")) { try CLIParser.parse(["a", "b"], for: single) }
        #expect(throws: CLIUsageError("unexpected argument 'a'")) {
            try CLIParser.parse(["a"], for: CLICommandConfiguration(name: "none", abstract: "None."))
        }
    }

    @Test("help is asked for by -h or --help before any --")
    func help() {
        #expect(CLIParser.asksForHelp(["a", "--help"]))
        #expect(CLIParser.asksForHelp(["-h", "--colour"]))
        #expect(!CLIParser.asksForHelp(["--", "--help"]))
        #expect(!CLIParser.asksForHelp(["--helpful", "-hx"]))
    }

    @Test("help text is rendered from the declaration")
    func rendered() {
        let text = CLIHelp.help(Self.declaration, path: ["tool", "demo"])
        #expect(
            text == """
                OVERVIEW: A demo.

                USAGE: tool demo <input> <rest> ... --out <dir> [--level <n>] [--check]
                                 [--tag <name> ...]

                ARGUMENTS:
                  <input>                 The input.
                  <rest>                  More.

                OPTIONS:
                  --out <dir>             Where.
                  --level <n>             How much.
                  --check                 Only check.
                  --tag <name>            Tags.
                  -h, --help              Show help information.
                """)
    }

    @Test("long help wraps at 80 columns; a long label puts its help on the next line")
    func wrapping() {
        let row = CLIHelp.row(label: "--a-very-long-option-name <value>", help: String(repeating: "word ", count: 20))
        let lines = row.split(separator: "\n")
        #expect(lines[0] == "  --a-very-long-option-name <value>")
        #expect(lines.dropFirst().allSatisfy { $0.hasPrefix(String(repeating: " ", count: 26) + "word") })
        #expect(lines.allSatisfy { $0.count <= 80 })
        #expect(lines.count == 3)
    }
}
