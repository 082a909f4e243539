extension TOMLTable {
    /// The line of `key` in this table, else of the table itself.
    public func line(of key: String?) -> Int {
        key.flatMap { entry($0)?.keyPosition.line } ?? position.line
    }
}
