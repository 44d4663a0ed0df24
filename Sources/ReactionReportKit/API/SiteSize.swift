/// The size of a written site against what static hosts take: GitHub refuses a file over
/// 100 MiB, and GitHub Pages publishes a site of at most 1 GB ("About large files on GitHub";
/// "GitHub Pages limits"). Cloudflare Pages takes 25 MiB a file and 20,000 files a site on its
/// free plan, which the README names beside them.
public enum SiteSize {
    /// The largest file GitHub takes.
    public static let largestFile = 100 * 1024 * 1024
    /// The largest site GitHub Pages publishes.
    public static let largestSite = 1_000_000_000
    /// How many of the largest files a warning may name.
    static let named = 3

    /// `812 bytes`, `14.2 kB`, `189.3 MB`, `1.4 GB`: decimal units, one decimal.
    public static func text(_ bytes: Int) -> String {
        if bytes < 1000 { return NumberText.counted(bytes, "byte") }
        let units = [(1e3, "kB"), (1e6, "MB"), (1e9, "GB"), (1e12, "TB")]
        let value = Double(bytes)
        // The unit whose value rounds below 1,000 (999.96 kB is `1.0 MB`).
        let unit = units.first { (value / $0.0 * 10).rounded() < 10_000 } ?? units[units.count - 1]
        return NumberText.fixedPoint((value / unit.0 * 10).rounded(), decimals: 1).map { $0 + " " + unit.1 } ?? NumberText.integer(bytes) + " bytes"
    }

    /// The warnings a build gives when its site passes those limits, each with the fix.
    /// - Parameter largest: the largest files, largest first.
    static func warnings(largest: [(path: String, bytes: Int)], files: Int, bytes: Int, options: BuildOptions) -> [String] {
        var warnings: [String] = []
        for file in largest where file.bytes > largestFile {
            let fix =
                file.path.hasPrefix("data/")
                ? "--format html,markdown leaves the data files out (or publish them compressed, elsewhere)"
                : file.path.hasPrefix("conversations/") ? "a smaller --page-size splits it" : "leave it out of what you publish"
            warnings.append("\(file.path) is \(text(file.bytes)): GitHub refuses files over 100 MiB (Cloudflare Pages over 25 MiB); \(fix)")
        }
        if bytes > largestSite {
            let data = options.formats.contains(.json) ? "; --format html,markdown leaves the data files out" : ""
            warnings.append("the site is \(text(bytes)) in \(NumberText.counted(files, "file")): GitHub Pages publishes at most 1 GB\(data)")
        }
        return warnings
    }
}
