import RastrilloNative

extension NotesModel {
    /// A navigation of `screen`'s page, as the web view layer reports it: the screen decides it
    /// (``WebScreenModel/decide(_:kind:using:)``) and every action but
    /// ``WebScreenNavigation/Action/load`` is applied with ``route(_:url:from:)``.
    ///
    /// - Returns: the action; the web view loads the navigation only for `load`.
    @discardableResult
    func navigate(_ url: String, kind: WebScreenNavigation.Kind, on screen: NotesScreen)
        -> WebScreenNavigation.Action
    {
        let action = screen.page.decide(url, kind: kind, using: navigation)
        if action != .load { route(action, url: url, from: screen) }
        return action
    }

    /// Applies a navigation `screen` did not load in place (the `route` closure of
    /// `WebViewBridge`). `url` is the navigation's URL exactly as the web view had it.
    func route(_ action: WebScreenNavigation.Action, url: String, from screen: NotesScreen) {
        guard self.screen(screen.id) != nil else { return }
        switch action {
        case .load:
            return
        case .push(let decision):
            stack.append(makeScreen(Screen(decision, url: url), url: url, role: .content))
        case .replace(let decision):
            replace(screen, with: Screen(decision, url: url), url: url)
        case .leave(let decision):
            leave(decision, url: url)
        case .submitted(let decision):
            land(screen, on: decision, url: url)
        case .signIn:
            needsSignIn(screen, url: url)
        case .signInEnded:
            endSignIn()
        case .signedOut:
            returnToStart()
        case .authenticate:
            return  // the sign-in screen runs keymail itself (WebScreenEffect.authenticate)
        }
    }

    /// Puts a new screen for `url` in place of `screen` (on the stack, or as the sheet).
    func replace(_ screen: NotesScreen, with new: Screen, url: String) {
        if sheet?.id == screen.id {
            sheet = makeScreen(new, url: url, role: screen.role)
            close([screen])
            return
        }
        guard let index = stack.firstIndex(where: { $0.id == screen.id }) else { return }
        stack[index] = makeScreen(new, url: url, role: .content)
        close([screen])
    }

    /// A form of `screen` was submitted and its redirect lands on `url`: back to the screen
    /// below that shows it, reloaded, or a screen for it in place of the form's.
    func land(_ screen: NotesScreen, on decision: LinkDecision, url: String) {
        guard let index = stack.firstIndex(where: { $0.id == screen.id }) else {
            // The sign-in sheet's forms end sign-in; another sheet form is replaced in place.
            replace(screen, with: Screen(decision, url: url), url: url)
            return
        }
        let below = stack[..<index].map(\.url)
        switch navigation.landing(of: decision, url: url, below: below) {
        case .popBack(let target):
            popTo(index: target + 1)
            startReload(stack[target])
        case .replace:
            replace(screen, with: Screen(decision, url: url), url: url)
        }
    }
}
