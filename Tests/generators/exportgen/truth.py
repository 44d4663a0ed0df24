"""The folder a ground-truth export is generated into, and the truth it holds:

    DIR/input/           the export, as the platform's tool writes it
    DIR/expected.jsonl   the ground truth, one line per message
    DIR/.generate-tmp/   scratch space (shuffles, per-conversation truth), removed at the end

A truth line (verify_messages.py reads it):

    {"platform":"pubnub","conversation":"support","id":"17000000000000000","deleted":false,
     "text":"…","reactions":[{"key":"👍","count":3,"reactors":["bob","carol"],"complete":true}]}

Lines are sorted by conversation id, then message id (as strings); reactions by key, reactors by
id; reactions whose count is 0 are left out.
"""

import json
import os
import shutil
import sys

from .jsonwriter import dumps


class TruthWriter:
    """Writes DIR/expected.jsonl for one platform while the messages are made. Each conversation
    goes to its own scratch file; at the end the files are joined in conversation order, and a
    conversation whose ids did not arrive in increasing order is sorted in memory first."""

    def __init__(self, out, platform, scratch):
        self.out, self.platform, self.scratch = out, platform, scratch
        self.files, self.last_id, self.ordered = {}, {}, {}

    def add(self, conversation, message_id, deleted, text, reactions):
        """reactions: {key: (count, reactor ids, complete)}."""
        if conversation not in self.files:
            path = os.path.join(self.scratch, f"expected-{len(self.files)}.tmp")
            self.files[conversation] = (path, open(path, "w", encoding="utf-8"))
            self.ordered[conversation] = True
        elif self.last_id[conversation] >= message_id:
            self.ordered[conversation] = False
        self.last_id[conversation] = message_id
        items = []
        for key in sorted(reactions):
            count, reactors, complete = reactions[key]
            if count > 0:
                items.append({"key": key, "count": count, "reactors": sorted(set(reactors)),
                              "complete": complete})
        line = {"platform": self.platform, "conversation": conversation, "id": message_id,
                "deleted": deleted, "text": text, "reactions": items}
        self.files[conversation][1].write(dumps(line) + "\n")

    def close(self):
        with open(os.path.join(self.out, "expected.jsonl"), "w", encoding="utf-8") as out:
            for conversation in sorted(self.files):
                path, f = self.files[conversation]
                f.close()
                with open(path, encoding="utf-8") as part:
                    if self.ordered[conversation]:
                        shutil.copyfileobj(part, out)
                    else:     # iterating splits on \n only, not on U+2028
                        out.writelines(sorted(part, key=lambda line: json.loads(line)["id"]))
                os.remove(path)


def prepare(out):
    """Creates DIR/input and an empty DIR/.generate-tmp, which it returns. Clears a previous
    run's .json/.jsonl/.zip files and folders of .json files; refuses anything else."""
    folder = os.path.join(out, "input")
    os.makedirs(folder, exist_ok=True)
    names = os.listdir(folder)

    def ours(name):                      # Slack writes channel folders of day files and zips
        path = os.path.join(folder, name)
        if os.path.isdir(path):
            return all(f.endswith(".json") for _, _, files in os.walk(path) for f in files)
        return name.endswith((".json", ".jsonl", ".zip"))

    strangers = [x for x in names if not ours(x)]
    if strangers:
        sys.exit(f"exportgen: {folder} holds files this tool did not write "
                 f"({', '.join(sorted(strangers)[:3])}); use an empty folder")
    for x in names:
        path = os.path.join(folder, x)
        if os.path.isdir(path):
            shutil.rmtree(path)
        else:
            os.remove(path)
    scratch = os.path.join(out, ".generate-tmp")
    shutil.rmtree(scratch, ignore_errors=True)
    os.makedirs(scratch)
    return scratch
