import Foundation
import Testing

@testable import FaceDetectCLI

/// One source per number: a figure README.md quotes is the figure of the docs/ page it cites (where
/// the command that measures it stands beside it), and docs/usage.md's option table says what
/// `--help` says.
@Suite("README's figures against docs/, and docs/usage.md against --help")
struct DocumentationTests {
    /// A measured figure: a number with its unit (`24.5 ms`, `0.6 s`, `10 px`, `3.42×`, `195 MB`),
    /// or the number of an average precision (`0.836` of `AP 0.836`, which a table gives bare).
    static let figure = try! NSRegularExpression(
        pattern: #"(?<![\w.,])(?:AP (\d+(?:\.\d+)?)|(\d+(?:\.\d+)?(?: ?(?:ms|s|px|MB|kB|GB|fps)\b| ?[×%])))"#)

    /// The matches of `pattern` in `text`: each one's first capture group that took part, or the
    /// whole match.
    static func matches(of pattern: NSRegularExpression, in text: String) -> [String] {
        pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap { match in
            let group = (1..<match.numberOfRanges).first { match.range(at: $0).location != NSNotFound } ?? 0
            return Range(match.range(at: group), in: text).map { String(text[$0]) }
        }
    }

    /// The paragraphs of Markdown `text` outside fenced code blocks, with inline code removed (an
    /// option value such as `20px` is not a figure); a table row or list item is a paragraph of its own.
    static func prose(_ text: String) -> [String] {
        var paragraphs: [String] = []
        var current = ""
        var fenced = false
        func close() {
            if !current.isEmpty { paragraphs.append(current) }
            current = ""
        }
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") {
                close()
                fenced.toggle()
                continue
            }
            if fenced { continue }
            if line.isEmpty || line.hasPrefix("|") || line.hasPrefix("- ") || line.hasPrefix("#") { close() }
            current += (current.isEmpty ? "" : " ") + line
        }
        close()
        let code = try! NSRegularExpression(pattern: "`[^`]*`")
        return paragraphs.map {
            code.stringByReplacingMatches(in: $0, range: NSRange($0.startIndex..., in: $0), withTemplate: "")
        }
    }

    /// The figures of `paragraph`.
    static func figures(in paragraph: String) -> [String] {
        matches(of: figure, in: paragraph)
    }

    /// The docs/ pages `paragraph` cites (`docs/defaults.md`).
    static func citedPages(in paragraph: String) -> [String] {
        matches(of: try! NSRegularExpression(pattern: #"\bdocs/[a-z-]+\.md"#), in: paragraph)
    }

    /// Whether `page` gives `figure` whole: `0.69` is not in `0.693`, nor `8.7 ms` in `18.7 ms`, and
    /// a bare number (an AP) is not one with a unit (`0.69×`).
    static func contains(_ page: String, figure: String) -> Bool {
        let bare = figure.allSatisfy { $0.isNumber || $0 == "." }
        let after = bare ? #"(?!\d| ?[×%]| ?(?:ms|s|px|MB|kB|GB|fps)\b)"# : #"(?!\d)"#
        let pattern = try! NSRegularExpression(
            pattern: #"(?<![\d.])"# + NSRegularExpression.escapedPattern(for: figure) + after)
        return pattern.firstMatch(in: page, range: NSRange(page.startIndex..., in: page)) != nil
    }

    /// For every paragraph of `readme` that quotes figures, those that no page it cites contains
    /// (or every figure, if it cites none): the empty list when README agrees with docs/.
    static func unsourcedFigures(readme: String, page: (String) throws -> String) rethrows -> [String] {
        var unsourced: [String] = []
        for paragraph in prose(readme) {
            let figures = figures(in: paragraph)
            if figures.isEmpty { continue }
            let pages = try citedPages(in: paragraph).map(page)
            for figure in figures where !pages.contains(where: { contains($0, figure: figure) }) {
                unsourced.append("'\(figure)' in: \(paragraph.prefix(80))…")
            }
        }
        return unsourced
    }

    @Test func readmeQuotesOnlyFiguresOfTheDocsItCites() throws {
        let readme = try OptionDocsTests.document("README.md")
        #expect(!Self.prose(readme).flatMap(Self.figures).isEmpty, "README quotes no figure: the check checks nothing")
        let unsourced = try Self.unsourcedFigures(readme: readme, page: OptionDocsTests.document)
        #expect(unsourced.isEmpty, "README figures not in the docs/ page its paragraph cites:\n\(unsourced)")
    }

    /// The check itself: a figure that the cited page lacks, or a figure with no page cited, is found.
    @Test func aFigureTheCitedPageLacksIsFound() {
        let page = { (_: String) in "| `20px` | 8.7 ms | 0.693 |" }
        #expect(Self.unsourcedFigures(readme: "`20px`: 8.7 ms, AP 0.693 (docs/p.md)", page: page).isEmpty)
        let wrong = "`20px`: 10 ms, AP 0.693 (docs/p.md)"
        #expect(Self.unsourcedFigures(readme: wrong, page: page) == ["'10 ms' in: : 10 ms, AP 0.693 (docs/p.md)…"])
        #expect(Self.unsourcedFigures(readme: "8.7 ms, AP 0.693, no page cited", page: page).count == 2)
        #expect(Self.unsourcedFigures(readme: "AP 0.69, 0.7 ms (docs/p.md)", page: page).count == 2)
        #expect(Self.unsourcedFigures(readme: "AP 0.69 (docs/p.md)", page: { _ in "0.69× as fast" }).count == 1)
        #expect(Self.figures(in: "x86-64, Swift 6.3.1, exit 64, 1/8, 3 sizes") == [])
        #expect(Self.figures(in: "3.42× and 0.6 s, 10 px, 1.9×, 12 %") == ["3.42×", "0.6 s", "10 px", "1.9×", "12 %"])
    }

    /// The meaning column of docs/usage.md's option table is the option's `--help` text, so that
    /// the table says all that `--help` says (its first three columns: `OptionDocsTests`).
    @Test func usageTableMeaningIsTheHelp() throws {
        let rows = try OptionDocsTests.table(
            in: OptionDocsTests.document("docs/usage.md"), header: "| option | default | for | meaning |")
        let options = CommandLineOption.all.filter(\.action.isListed)
        #expect(rows.count == options.count)
        for (row, option) in zip(rows, options) {
            let meaning = row.count == 4 ? row[3].replacingOccurrences(of: "\\|", with: "|") : ""
            let help = option.help + "."
            #expect(
                meaning.replacingOccurrences(of: "`", with: "") == help,
                "docs/usage.md, \(option.name): the meaning must be --help's: \(help.replacingOccurrences(of: "|", with: "\\|"))"
            )
        }
    }
}
