#!/usr/bin/env python3
"""Generate Sources/ReactionReportKit/Locale/LocaleTable+Data.swift.

The dates and numbers of the locales `locale` may name, from the Unicode CLDR as the PyPI
package babel 2.19.0 carries it (CLDR 49; Unicode License v3, https://www.unicode.org/license.txt):
per locale its month and weekday names, its AM/PM, its full, long and medium date patterns, its
short time pattern, how it joins a date and a time, the pattern of a month and year, its decimal
and grouping separators and grouping sizes, its percent pattern, its signs, its digits (those
of its default numbering system) and its writing direction. Patterns are compiled here into
pieces, so the program never parses a pattern.

Run from anywhere (Python 3; pip installs babel into a temporary folder when it is missing):
  python3 Scripts/generate-locale-table.py [--output PATH]

The output is deterministic: running it twice gives identical bytes.
"""
import argparse
import os
import subprocess
import sys
import tempfile

PACKAGE, VERSION = "babel", "2.19.0"
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUTPUT = os.path.join(ROOT, "Sources", "ReactionReportKit", "Locale", "LocaleTable+Data.swift")

# The locales offered: the languages most chats are written in, with their common regions.
LOCALES = [
    "ar", "ar-EG", "ar-SA", "cs-CZ", "da-DK", "de-AT", "de-CH", "de-DE", "el-GR", "en-AU", "en-CA", "en-GB", "en-IE",
    "en-IN", "en-US", "es-ES", "es-MX", "fa-IR", "fi-FI", "fr-CA", "fr-CH", "fr-FR", "he-IL", "hi-IN", "hu-HU",
    "id-ID", "it-IT", "ja-JP", "ko-KR", "nb-NO", "nl-BE", "nl-NL", "pl-PL", "pt-BR", "pt-PT", "ro-RO", "ru-RU",
    "sv-SE", "tr-TR", "uk-UA", "vi-VN", "zh-CN", "zh-TW",
]

# Pattern letters and the piece each run of them becomes (CLDR's date field symbols).
FIELDS = {
    "y": lambda n: ".year", "M": lambda n: MONTH[min(n, 4)] + "standalone: false)",
    "L": lambda n: MONTH[min(n, 4)] + "standalone: true)", "d": lambda n: ".day(padded: %s)" % str(n == 2).lower(),
    "E": lambda n: ".weekday(short: %s)" % str(n < 4).lower(), "c": lambda n: ".weekday(short: %s)" % str(n < 4).lower(),
    "h": lambda n: ".hour12(padded: %s)" % str(n == 2).lower(), "H": lambda n: ".hour24(padded: %s)" % str(n == 2).lower(),
    "m": lambda n: ".minute", "a": lambda n: ".dayPeriod", "B": lambda n: ".dayPeriod",
}
MONTH = {1: ".monthNumber(padded: false, ", 2: ".monthNumber(padded: true, ", 3: ".monthName(short: true, ", 4: ".monthName(short: false, "}


def ensure_babel():
    try:
        import babel  # noqa: F401
    except ImportError:
        folder = tempfile.mkdtemp()
        subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--target", folder, f"{PACKAGE}=={VERSION}"], check=True)
        sys.path.insert(0, folder)
    import babel
    if babel.__version__ != VERSION:
        print(f"warning: babel {babel.__version__}, not {VERSION}: the table may differ", file=sys.stderr)


def swift_string(text):
    out = '"'
    for character in text:
        code = ord(character)
        if character in '"\\':
            out += "\\" + character
        elif code < 0x20 or code in (0x200E, 0x200F, 0x061C, 0x00A0, 0x202F, 0x2009) or 0x7F <= code < 0xA0:
            out += "\\u{%X}" % code
        else:
            out += character
    return out + '"'


def pieces(pattern):
    """A CLDR date pattern as Swift pieces."""
    result, literal, index = [], "", 0
    while index < len(pattern):
        character = pattern[index]
        if character == "'":
            end = pattern.find("'", index + 1)
            if end == index + 1:
                literal += "'"
                index += 2
                continue
            literal += pattern[index + 1:end]
            index = end + 1
            continue
        if character.isascii() and character.isalpha():
            run = index
            while run < len(pattern) and pattern[run] == character:
                run += 1
            if character not in FIELDS:
                sys.exit(f"unsupported pattern letter {character!r} in {pattern!r}")
            if literal:
                result.append(".text(%s)" % swift_string(literal))
                literal = ""
            result.append(FIELDS[character](run - index))
            index = run
            continue
        literal += character
        index += 1
    if literal:
        result.append(".text(%s)" % swift_string(literal))
    return "[" + ", ".join(result) + "]"


def number_shape(pattern):
    """(primary, secondary) grouping sizes of a pattern such as #,##,##0.###."""
    whole = pattern.split(";")[0].split(".")[0].strip("%\u00a0 \u200e\u200f\u061c")
    groups = whole.split(",")
    primary = len(groups[-1]) if len(groups) > 1 else 0
    secondary = len(groups[-2]) if len(groups) > 2 else primary
    return primary, secondary


def entry(tag):
    from babel import Locale
    locale = Locale.parse(tag, sep="-")
    system = locale.default_numbering_system
    symbols = locale.number_symbols[system]
    digits = {"latn": None, "arab": "٠١٢٣٤٥٦٧٨٩", "arabext": "۰۱۲۳۴۵۶۷۸۹", "deva": "०१२३४५६७८९", "thai": "๐๑๒๓๔๕๖๗๘๙"}
    if system not in digits:
        sys.exit(f"{tag}: unknown numbering system {system}")
    primary, secondary = number_shape(locale.decimal_formats[None].pattern)
    percent = locale.percent_formats[None].pattern.split(";")[0]
    before, after = percent.split("#", 1)[0], percent.rsplit("0", 1)[1]
    months = [locale.months["format"]["wide"][m] for m in range(1, 13)]
    short_months = [locale.months["format"]["abbreviated"][m] for m in range(1, 13)]
    standalone = [locale.months["stand-alone"]["wide"][m] for m in range(1, 13)]
    short_standalone = [locale.months["stand-alone"]["abbreviated"][m] for m in range(1, 13)]
    weekdays = [locale.days["format"]["wide"][d] for d in range(7)]
    short_weekdays = [locale.days["format"]["abbreviated"][d] for d in range(7)]
    glue = str(locale.datetime_formats["medium"])
    month_year = locale.datetime_skeletons["yMMMM"].pattern
    fields = [
        ("tag", swift_string(tag)),
        ("rightToLeft", str(locale.character_order == "right-to-left").lower()),
        ("digits", swift_string(digits[system]) if digits[system] else "nil"),
        ("decimal", swift_string(symbols["decimal"])),
        ("group", swift_string(symbols["group"])),
        ("grouping", "(%d, %d)" % (primary, secondary)),
        ("percentBefore", swift_string(before.replace("%", symbols["percentSign"]))),
        ("percentAfter", swift_string(after.replace("%", symbols["percentSign"]))),
        ("plus", swift_string(symbols["plusSign"])),
        ("minus", swift_string(symbols["minusSign"])),
        ("months", "[" + ", ".join(map(swift_string, months)) + "]"),
        ("shortMonths", "[" + ", ".join(map(swift_string, short_months)) + "]"),
        ("standaloneMonths", "[" + ", ".join(map(swift_string, standalone)) + "]"),
        ("shortStandaloneMonths", "[" + ", ".join(map(swift_string, short_standalone)) + "]"),
        ("weekdays", "[" + ", ".join(map(swift_string, weekdays)) + "]"),
        ("shortWeekdays", "[" + ", ".join(map(swift_string, short_weekdays)) + "]"),
        ("dayPeriods", "(%s, %s)" % (swift_string(locale.day_periods["format"]["abbreviated"]["am"]), swift_string(locale.day_periods["format"]["abbreviated"]["pm"]))),
        ("fullDate", pieces(locale.date_formats["full"].pattern)),
        ("longDate", pieces(locale.date_formats["long"].pattern)),
        ("mediumDate", pieces(locale.date_formats["medium"].pattern)),
        ("monthYear", pieces(month_year)),
        ("shortTime", pieces(locale.time_formats["short"].pattern)),
        ("dateTime", "(%s, %s, %s, dateFirst: %s)" % (
            swift_string(glue.split("{")[0]), swift_string(glue.split("}")[1].split("{")[0]), swift_string(glue.rsplit("}", 1)[1]),
            str(glue.index("{1}") < glue.index("{0}")).lower())),
    ]
    body = ",\n".join(f"            {name}: {value}" for name, value in fields)
    return f"        LocaleData(\n{body}\n        )"


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--output", default=OUTPUT)
    arguments = parser.parse_args()
    ensure_babel()
    entries = ",\n".join(entry(tag) for tag in LOCALES)
    text = (
        "// Generated by Scripts/generate-locale-table.py from the Unicode CLDR (49) as PyPI babel 2.19.0\n"
        "// carries it. CLDR: Copyright © 1991-2025 Unicode, Inc., Unicode License v3\n"
        "// (https://www.unicode.org/license.txt). Do not edit: run the script.\n"
        "// swift-format-ignore-file\n\n"
        "extension LocaleData {\n"
        "    /// Every locale `locale` may name, sorted by tag.\n"
        "    static let all: [LocaleData] = [\n"
        f"{entries}\n"
        "    ]\n"
        "}\n"
    )
    os.makedirs(os.path.dirname(arguments.output), exist_ok=True)
    with open(arguments.output, "w", encoding="utf-8") as out:
        out.write(text)


if __name__ == "__main__":
    main()
