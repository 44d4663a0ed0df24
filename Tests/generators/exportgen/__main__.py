"""The command line:

    python3 -m exportgen truth --platform P --messages N [--seed S] --out DIR
    python3 -m exportgen large --platform {slack,pubnub,telegram} --messages N [--seed S] --out DIR

`truth` writes DIR/input/ and DIR/expected.jsonl (truth.py); `large` writes the export straight
into DIR (large.py). The same arguments give byte-identical files.
"""

import argparse
import os
import random
import shutil
import sys

from . import cometchat, discord, large, matrix, pubnub, slack, stream, telegram
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
                                   ("large", large.WRITERS, "a large export for the benchmarks")):
        sub = commands.add_parser(command, help=text)
        sub.add_argument("--platform", required=True, choices=sorted(choices))
        sub.add_argument("--messages", required=True, type=int)
        sub.add_argument("--seed", type=int, default=1)
        sub.add_argument("--out", required=True)
    args = parser.parse_args(argv)
    if args.messages < 1:
        parser.error("--messages must be at least 1")
    return args


def main(argv):
    args = parse(argv)
    if args.command == "truth":
        generate_truth(args.platform, args.messages, args.seed, args.out)
    else:
        large.generate(args.platform, args.messages, args.seed, args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
