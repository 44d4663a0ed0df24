import Templates

/// A view model with a shape of its own (a chart, a week's row, a top message), handed to the
/// templates as an object built from its typed fields: no value is cast on the way.
protocol TemplateRepresentable {
    /// The model as the templates see it, with the names they read.
    var templateValue: TemplateObject { get }
}

extension Sequence where Element: TemplateRepresentable {
    /// The models as a list a section repeats over.
    var templateList: TemplateValue { .list(map { .object($0.templateValue) }) }
}
