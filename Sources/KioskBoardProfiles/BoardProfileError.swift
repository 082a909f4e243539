import KioskTOML

/// A problem in a board profile: where it is and what is wrong.
public typealias BoardProfileError = TOMLFileError<BoardProfile>
