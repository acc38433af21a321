import Foundation
import Testing

@testable import FaceDetectCLI

/// The options are declared once (`CommandLineOption.all`); the docs, `--help` and the defaults
/// must say what that declaration says.
@Suite("the option declaration against the docs and the defaults")
struct OptionDocsTests {
    /// A Markdown file of the package.
    static func document(_ path: String) throws -> String {
        try String(contentsOf: ToolProcess.packageRoot.appendingPathComponent(path), encoding: .utf8)
    }

    /// The cells of the Markdown table in `text` whose header row is `header`, row by row (a `\|`
    /// stays in its cell).
    static func table(in text: String, header: String) throws -> [[String]] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let start = try #require(lines.firstIndex(of: header), "no table headed '\(header)'")
        return lines[(start + 2)...].prefix { $0.hasPrefix("|") }.map { line in
            var cells: [String] = []
            var cell = ""
            var previous: Character = " "
            for character in line.dropFirst() {
                if character == "|" && previous != "\\" {
                    cells.append(cell.trimmingCharacters(in: .whitespaces))
                    cell = ""
                } else {
                    cell.append(character)
                }
                previous = character
            }
            return cells
        }
    }

    /// The option, default and inputs cells docs/usage.md must have for `option`.
    static func expectedCells(_ option: CommandLineOption) -> [String] {
        let defaultCell: String
        switch option.defaultValue {
        case nil: defaultCell = ""
        case .value(let value)?: defaultCell = "`\(value)`"
        case .rule(let rule)?: defaultCell = rule
        }
        let inputs: String
        switch option.inputs {
        case .any: inputs = ""
        case .photos: inputs = "photos"
        case .videos: inputs = "videos"
        }
        return ["`" + option.synopsis.replacingOccurrences(of: "|", with: "\\|") + "`", defaultCell, inputs]
    }

    @Test func usageTableListsEveryOptionAsDeclared() throws {
        let rows = try Self.table(
            in: Self.document("docs/usage.md"), header: "| option | default | for | meaning |")
        let expected = CommandLineOption.all.filter(\.action.isListed).map(Self.expectedCells)
        #expect(rows.map { Array($0.prefix(3)) } == expected, "docs/usage.md's option table: the first columns must be")
        for row in rows { #expect(row.count == 4 && !row[3].isEmpty, "\(row.first ?? ""): no meaning") }
    }

    @Test func groupUsageTableListsEveryGroupOptionAsDeclared() throws {
        let rows = try Self.table(
            in: Self.document("docs/usage.md"), header: "| group option | default | for | meaning |")
        let expected = CommandLineOption.group.filter(\.action.isListed).map(Self.expectedCells)
        #expect(
            rows.map { Array($0.prefix(3)) } == expected,
            "docs/usage.md's group option table: the first columns must be")
        for (row, option) in zip(rows, CommandLineOption.group.filter(\.action.isListed)) {
            let meaning = row.count == 4 ? row[3].replacingOccurrences(of: "\\|", with: "|") : ""
            #expect(meaning.replacingOccurrences(of: "`", with: "") == option.help + ".", "\(option.name)")
        }
    }

    @Test func groupHelpFitsItsWidthAndListsEverySpelling() {
        let lines = HelpText.groupUsage.split(separator: "\n")
        #expect(lines.allSatisfy { $0.count <= HelpText.width }, "\(lines.filter { $0.count > HelpText.width })")
        for option in CommandLineOption.group {
            for name in option.names { #expect(HelpText.groupUsage.contains(name), "group --help lacks \(name)") }
        }
    }

    /// Every `--option` README.md names is one the tool has.
    @Test func readmeNamesOnlyDeclaredOptions() throws {
        let readme = try Self.document("README.md")
        let names = readme.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "-") })
            .filter { $0.hasPrefix("--") && $0.dropFirst(2).first?.isLetter == true }.map(String.init)
        #expect(!names.isEmpty)
        for name in Set(names) {
            #expect(
                (CommandLineOption.named(name) ?? CommandLineOption.named(name, in: CommandLineOption.group)) != nil,
                "README.md names \(name)")
        }
    }

    /// A declared default value, given, changes nothing: it is the default.
    @Test(
        arguments: CommandLineOption.all.compactMap { option -> (String, String)? in
            guard case .value(let value)? = option.defaultValue else { return nil }
            return (option.name, value)
        })
    func declaredDefaultIsTheDefault(option: String, value: String) throws {
        let input = CommandLineOption.named(option)?.inputs == .videos ? "a.mp4" : "a.png"
        guard case .detect(var given) = try Command.parse([input, option, value]),
            case .detect(let defaults) = try Command.parse([input])
        else {
            Issue.record("not a detection run")
            return
        }
        #expect(given.given == [option])
        given.given = []
        #expect(given == defaults)
    }

    /// An option for photos only, or videos only, is refused with the other kind of input.
    @Test(arguments: CommandLineOption.all.filter { $0.inputs != .any }.map(\.name))
    func optionForOneKindOfInputIsRefusedWithTheOther(name: String) throws {
        let option = try #require(CommandLineOption.named(name))
        var options = CommandLineOptions()
        options.inputs = ["a"]
        options.given = [option.name]
        let videos = option.inputs == .photos
        let message = videos ? "\(option.name) is for photos, not videos" : "\(option.name) is for videos"
        #expect(throws: UsageError(message: message)) { try options.checkInputs { _ in videos } }
        #expect(try options.checkInputs { _ in !videos } == !videos)
    }

    @Test func helpFitsItsWidthAndListsEverySpelling() {
        let lines = HelpText.usage.split(separator: "\n")
        #expect(lines.allSatisfy { $0.count <= HelpText.width }, "\(lines.filter { $0.count > HelpText.width })")
        for option in CommandLineOption.all {
            for name in option.names { #expect(HelpText.usage.contains(name), "--help lacks \(name)") }
        }
    }
}
