import KioskGraphics

extension UIHost {
    /// Shows what the freshly resolved screen presents, over the whole screen: a new
    /// presentation comes in, one no longer asked for goes out (and its `onDismiss` runs),
    /// and the one still shown is resolved again with the screen. The screen's swipe is
    /// off while something is presented.
    func updatePresentation(_ session: ResolveSession, animation: Animation?) {
        let request = root?.presentationRequest
        let previous = presentations.shown
        if let previous, previous.path != request?.path {
            previous.dismiss(at: now)
            presentations.leaving.append(previous)
            presentations.shown = nil
            previous.onDismiss?()
        }
        if let request {
            let context = ResolveContext(environment: request.environment, path: request.path + ".0", session: session,
                                         stackAxis: nil)
            let content = resolve(request.content, context)
            let shownAt = previous?.path == request.path ? previous!.shownAt : now
            let layer = PresentationLayer(request: request, content: content, shownAt: shownAt)
            layer.lifted.lift = presentedLift
            layer.place(in: Rect(origin: .zero, size: size))
            animations.commit(content, time: now, partial: true, animation: animation)
            presentations.shown = layer
        }
        guard previous?.path != request?.path else { return }
        attachSwipe()
        // A screen reader moves into what came, or back to the screen.
        screenReader.elements = nil
        if screenReader.mode == .explore { pendingEvents += focusAfterScreenSwitch() }
    }
}
