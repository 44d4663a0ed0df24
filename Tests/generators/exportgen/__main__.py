"""The command line:

    python3 -m exportgen truth --platform P --messages N [--seed S] --out DIR
    python3 -m exportgen large --platform {slack,pubnub,telegram} --messages N [--seed S] --out DIR
    python3 -m exportgen heavy --platform SHAPE --messages N [--seed S] --out DIR
    python3 -m exportgen verify-messages DIR/expected.jsonl OUT/data/messages.jsonl
    python3 -m exportgen verify-weeks OUT
    python3 -m exportgen verify-figures OUT DIR [--config FILE | --no-config]
    python3 -m exportgen selftest

`truth` writes DIR/input/ and DIR/expected.jsonl (truth.py); `large` writes the export straight
into DIR (large.py), `heavy` a reactor-heavy one of a platform's shape (heavy.py). The same arguments give byte-identical files. The checks compare a
build's output with the truth (verify_messages.py), with itself (verify_weeks.py), and issue
17's figures with the truth and the settings DIR/reaction-report.toml (verify_figures.py); they
exit with 0 when all is well, 1 on a mismatch, 2 when a file cannot be read. `selftest` runs
the verifiers on small hand-made builds whose figures were worked out by hand (selftest.py).
"""

import argparse
import os
import random
import shutil
import sys

from . import cometchat, discord, heavy, large, matrix, pubnub, slack, stream, telegram
from . import selftest, verify_figures, verify_messages, verify_weeks
from .truth import TruthWriter, prepare

# name -> (the platform the truth names, the writer)
TRUTH_WRITERS = {
    "pubnub": ("pubnub", pubnub.write), "stream": ("stream", stream.write),
    "cometchat": ("cometchat", cometchat.write), "slack": ("slack", slack.write),
    "slack-zip": ("slack", slack.write_zip), "discord": ("discord", discord.write),
    "telegram": ("telegram", telegram.write), "matrix": ("matrix", matrix.write),
}


def generate_truth(name, n, seed, out):
    """The random stream is seeded with "<name>:<seed>", so each platform has its own."""
    scratch = prepare(out)
    platform, write = TRUTH_WRITERS[name]
    truth = TruthWriter(out, platform, scratch)
    write(random.Random(f"{name}:{seed}"), n, os.path.join(out, "input"), truth, scratch)
    truth.close()
    shutil.rmtree(scratch, ignore_errors=True)


def parse(argv):
    parser = argparse.ArgumentParser(prog="python3 -m exportgen",
                                     description="Synthetic chat exports with reactions.")
    commands = parser.add_subparsers(dest="command", required=True)
    for command, choices, text in (("truth", TRUTH_WRITERS, "an export and its ground truth"),
                                   ("large", large.WRITERS, "a large export for the benchmarks"),
                                   ("heavy", heavy.WRITERS, "a reactor-heavy export of a shape")):
        sub = commands.add_parser(command, help=text)
        sub.add_argument("--platform", required=True, choices=sorted(choices))
        sub.add_argument("--messages", required=True, type=int)
        sub.add_argument("--seed", type=int, default=1)
        sub.add_argument("--out", required=True)
    sub = commands.add_parser("verify-messages", help="a build's messages against the truth")
    sub.add_argument("expected", help="DIR/expected.jsonl")
    sub.add_argument("actual", help="OUT/data/messages.jsonl")
    sub = commands.add_parser("verify-weeks", help="a build's weeks against its messages")
    sub.add_argument("output", help="the build's output folder")
    sub = commands.add_parser("verify-figures", help="a build's replies, people, pairs and "
                              "groups against its messages, the truth and the settings")
    sub.add_argument("output", help="the build's output folder")
    sub.add_argument("truth", help="DIR of `truth --out DIR`")
    settings = sub.add_mutually_exclusive_group()
    settings.add_argument("--config", help="the build's settings (default: "
                          "DIR/reaction-report.toml)")
    settings.add_argument("--no-config", action="store_true",
                          help="the build had no settings: every one at its default")
    commands.add_parser("selftest", help="the verifiers against hand-made builds")
    args = parser.parse_args(argv)
    if getattr(args, "messages", 1) < 1:
        parser.error("--messages must be at least 1")
    return args


def main(argv):
    args = parse(argv)
    if args.command == "verify-messages":
        return verify_messages.verify(args.expected, args.actual)
    if args.command == "verify-weeks":
        return verify_weeks.verify(args.output)
    if args.command == "verify-figures":
        config = None if args.no_config else \
            args.config or os.path.join(args.truth, "reaction-report.toml")
        return verify_figures.verify(args.output, args.truth, config)
    if args.command == "selftest":
        return selftest.run()
    if args.command == "truth":
        generate_truth(args.platform, args.messages, args.seed, args.out)
    elif args.command == "heavy":
        os.makedirs(args.out, exist_ok=True)
        heavy.WRITERS[args.platform](args.messages, random.Random(args.seed), args.out)
    else:
        large.generate(args.platform, args.messages, args.seed, args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
