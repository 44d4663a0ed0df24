/// How a list of names is written in running text: "Ada, Bo and Cy" when every name is shown,
/// "Ada, Bo, Cy" before "and 2 others" when more follow. Used by reaction titles and poll voters.
enum NameList {
    /// The words after the name at `position` of `count` names shown: ", " between names,
    /// " and " before the last one when no "and N more" follows, nothing after the last.
    static func separator(after position: Int, of count: Int, more: Bool) -> String {
        if position >= count - 1 { return "" }
        return position == count - 2 && !more ? " and " : ", "
    }
}
