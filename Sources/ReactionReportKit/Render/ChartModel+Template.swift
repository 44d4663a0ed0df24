import Templates

/// What `html/chart.mustache` reads. Every chart carries every name, a part that does not
/// apply being `false` or `[]`, so that the partial never finds a value of the page around it.
extension ChartModel: TemplateRepresentable {
    var templateValue: TemplateObject {
        var object = TemplateObject(capacity: 19)
        object.append("id", .text(id))
        object.append("title", .text(title))
        object.append("summary", .text(summary))
        object.append("kind", .text(kind.rawValue))
        object.append("isEmpty", .flag(isEmpty))
        object.append("isBars", .flag(kind == .bars))
        object.append("isLine", .flag(kind == .line))
        object.append("isShares", .flag(kind == .shares))
        object.append("viewBox", .text(viewBox))
        object.append("width", .text(width))
        object.append("height", .text(height))
        object.append("gridlines", gridlines.templateList)
        object.append("xLabels", xLabels.templateList)
        object.append("columns", columns.templateList)
        object.append("line", .list(lineSegments.map { .object(["points": .text($0)]) }))
        object.append("rows", rows.templateList)
        object.append("table", table.templateList)
        object.append("tableLabelHeading", .text(tableLabelHeading))
        object.append("tableValueHeading", .text(tableValueHeading))
        return object
    }
}

extension ChartModel.Gridline: TemplateRepresentable {
    var templateValue: TemplateObject {
        ["y": .text(y), "x1": .text(x1), "x2": .text(x2), "labelX": .text(labelX), "label": .text(label), "isBase": .flag(isBase)]
    }
}

extension ChartModel.AxisLabel: TemplateRepresentable {
    var templateValue: TemplateObject {
        ["x": .text(x), "y": .text(y), "text": .text(text), "minor": .flag(minor)]
    }
}

extension ChartModel.Column: TemplateRepresentable {
    var templateValue: TemplateObject {
        [
            "title": .text(title), "hitX": .text(hitX), "hitY": .text(hitY), "hitWidth": .text(hitWidth), "hitHeight": .text(hitHeight),
            "bar": bar.map { .object(["x": .text($0.x), "y": .text($0.y), "width": .text($0.width), "height": .text($0.height)]) } ?? .flag(false),
            "dot": dot.map { .object(["cx": .text($0.cx), "cy": .text($0.cy)]) } ?? .flag(false), "partial": .flag(partial)
        ]
    }
}

extension ChartModel.ShareRow: TemplateRepresentable {
    var templateValue: TemplateObject {
        [
            "title": .text(title), "isOther": .flag(isOther),
            "hitY": .text(hitY), "hitWidth": .text(hitWidth), "hitHeight": .text(hitHeight),
            "label": .text(label), "labelX": .text(labelX), "labelY": .text(labelY),
            "barX": .text(barX), "barY": .text(barY), "barWidth": .text(barWidth), "barHeight": .text(barHeight),
            "valueX": .text(valueX), "valueText": .text(valueText)
        ]
    }
}

extension ChartModel.TableRow: TemplateRepresentable {
    var templateValue: TemplateObject {
        ["label": .text(label), "value": .text(value)]
    }
}
