import ArgumentParser

/// How `run`, `snapshot` and `simulate` treat fonts that are not there: by default a
/// configured font directory that does not exist, or a title no bundled face can draw, stops
/// them at start-up with a message naming where fonts were looked for.
struct FontOptions: ParsableArguments {
    @Flag(help: "Go on when the font directory is missing or a title has characters no font draws (they show as boxes).")
    var allowMissingFonts = false
}
