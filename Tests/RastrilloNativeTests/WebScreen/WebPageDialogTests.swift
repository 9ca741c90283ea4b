import RastrilloNative
import Testing

/// The page's alert, confirm and prompt, shown natively with the page's origin.
@MainActor
struct WebPageDialogTests {
    final class Answers {
        var values: [WebPageDialogAnswer] = []
    }

    func ask(_ screen: WebScreenModel, _ kind: WebPageDialog.Kind, into answers: Answers) {
        Task { @MainActor in
            answers.values.append(
                await screen.presentDialog(kind, message: "Delete?", origin: "https://app.example.com"))
        }
    }

    @Test("a dialog is shown with the page's origin until answered; the page gets the answer")
    func answered() async {
        let screen = WebScreenModel(url: "https://app.example.com/")
        let answers = Answers()
        ask(screen, .confirm, into: answers)
        #expect(await yieldUntil { screen.dialog != nil })
        #expect(screen.dialog?.kind == .confirm)
        #expect(screen.dialog?.message == "Delete?")
        #expect(screen.dialog?.origin == "https://app.example.com")
        screen.answerDialog(.ok)
        #expect(await yieldUntil { answers.values == [.ok] })
        #expect(screen.dialog == nil)
        screen.answerDialog(.cancel)  // nothing shown: nothing happens
        #expect(answers.values == [.ok])
    }

    @Test("a second dialog cancels the first; successive dialogs have new ids")
    func secondDialog() async {
        let screen = WebScreenModel(url: "https://app.example.com/")
        let answers = Answers()
        ask(screen, .alert, into: answers)
        #expect(await yieldUntil { screen.dialog != nil })
        let first = screen.dialog?.id
        ask(screen, .prompt(defaultText: "x"), into: answers)
        #expect(await yieldUntil { answers.values == [.cancel] })
        #expect(screen.dialog?.kind == .prompt(defaultText: "x"))
        #expect(screen.dialog?.id != first)
        screen.answerDialog(.text("typed"))
        #expect(await yieldUntil { answers.values == [.cancel, .text("typed")] })
    }

    @Test("the screen going away cancels the dialog shown and answers later ones at once")
    func detached() async {
        let screen = WebScreenModel(url: "https://app.example.com/")
        let answers = Answers()
        ask(screen, .confirm, into: answers)
        #expect(await yieldUntil { screen.dialog != nil })
        screen.handle(.detached)
        #expect(await yieldUntil { answers.values == [.cancel] })
        #expect(screen.dialog == nil)
        #expect(await screen.presentDialog(.alert, message: "late", origin: "https://app.example.com") == .cancel)
        #expect(screen.dialog == nil)
    }

    @Test("answers map to what confirm() and prompt() return")
    func answerValues() {
        #expect(WebPageDialogAnswer.ok.confirmed)
        #expect(WebPageDialogAnswer.text("a").confirmed)
        #expect(!WebPageDialogAnswer.cancel.confirmed)
        #expect(WebPageDialogAnswer.ok.promptText == "")
        #expect(WebPageDialogAnswer.text("a").promptText == "a")
        #expect(WebPageDialogAnswer.cancel.promptText == nil)
    }

    @Test(
        "errors are classified by domain and code",
        arguments: [
            ("NSURLErrorDomain", -1009, WebLoadErrorKind.offline), ("NSURLErrorDomain", -1202, .tls),
            ("WebKitErrorDomain", 102, .cancelled), ("WebKitErrorDomain", 101, .other("WebKitErrorDomain error 101")),
            ("NSPOSIXErrorDomain", 61, .other("NSPOSIXErrorDomain error 61")),
        ])
    func classify(_ domain: String, _ code: Int, _ kind: WebLoadErrorKind) {
        #expect(WebLoadErrorKind(domain: domain, code: code) == kind)
    }
}
