/// The version of reaction-report, the library and the program alike: the one place it is
/// written. `reaction-report --version` prints it; a release changes it (semantic versioning:
/// a change that breaks the command line, the configuration file, the data files or the
/// library's public interface raises the first number once past 1.0). It is written into no
/// output, so that a site stays byte for byte the same across versions that render it alike.
public enum ReactionReportVersion {
    /// `major.minor.patch`.
    public static let current = "0.1.0"
}
