/// The text, unless it is nil or empty: exports write "" and null alike for "not given".
func nonEmpty(_ text: String?) -> String? {
    guard let text, !text.isEmpty else { return nil }
    return text
}
