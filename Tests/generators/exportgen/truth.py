"""The folder a ground-truth export is generated into, and the truth it holds:

    DIR/input/                 the export, as the platform's tool writes it
    DIR/expected.jsonl         the ground truth, one line per message
    DIR/expected-bots.json     the people the platform marks as bots
    DIR/reaction-report.toml   the settings to build the export with (groups, excludePeople,
                               supportConversations, responseWindow)
    DIR/.generate-tmp/         scratch space (shuffles, per-conversation truth), removed at the end

A truth line (verify_messages.py reads the first seven keys, verify_figures.py the last two):

    {"platform":"slack","conversation":"C0123","id":"1790000000.000100","author":"U1",
     "deleted":false,"text":"…",
     "reactions":[{"key":"👍","count":3,"reactors":["U2","U3"],"complete":true}],
     "replyTo":"1789999000.000200","fromBot":false}

`author` is the author's id as the tool gives it, or null (Slack: the user, else the bot's
`bot_id`; a webhook's post has neither). `replyTo` is the id of the message this one answers (for thread platforms the thread root; the
message may be missing from the export), or null; `fromBot` whether the platform marks the
message as a bot's (Slack `bot_id` or `bot_message`, Discord `author.isBot`, Telegram
`via_bot`). Lines are sorted by conversation id, then message id (as strings); reactions by key,
reactors by id; reactions whose count is 0 are left out.

expected-bots.json: {"platform":"slack","bots":["B0…","U0…"]}, sorted ids: Slack users.json
`is_bot` people and the authors of bot messages, Discord people shown with `isBot` anywhere;
none elsewhere (Telegram's `via_bot` marks a message, not its sender).

reaction-report.toml: `excludePeople`, `supportConversations`, `responseWindow` (on some
platforms) and `[groups]` as world.report_settings chooses them from the platform and the
conversations and authors the writer names (TruthWriter.conversation and .people);
`excludeBots`, `topN` and `questionMarks` are left at their defaults.
"""

import json
import os
import shutil
import sys

from .jsonwriter import dumps
from .world import report_settings


class TruthWriter:
    """Writes DIR/expected.jsonl for one platform while the messages are made. Each conversation
    goes to its own scratch file; at the end the files are joined in conversation order, and a
    conversation whose ids did not arrive in increasing order is sorted in memory first."""

    def __init__(self, out, platform, scratch):
        self.out, self.platform, self.scratch = out, platform, scratch
        self.files, self.last_id, self.ordered = {}, {}, {}
        self.bots, self.conversations, self.authors = set(), [], []

    def conversation(self, conversation_id, name):
        """Names a conversation, in the writer's order (for the groups of the settings)."""
        self.conversations.append((conversation_id, name))

    def people(self, authors):
        """The frequent authors [(id, name as the tool shows it, or None)], in the writer's
        order, without anyone whose name changes (for excludePeople)."""
        self.authors = list(authors)

    def bot(self, person_id):
        """Someone the platform marks as a bot."""
        self.bots.add(person_id)

    def add(self, conversation, message_id, deleted, text, reactions, *, author, reply_to=None,
            from_bot=False):
        """reactions: {key: (count, reactor ids, complete)}; author: the author's id as the tool
        gives it, or None; reply_to: the id of the message this one answers, or None; from_bot:
        whether the platform marks it as a bot's."""
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
                "author": author, "deleted": deleted, "text": text, "reactions": items,
                "replyTo": reply_to, "fromBot": from_bot}
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
        with open(os.path.join(self.out, "expected-bots.json"), "w", encoding="utf-8") as out:
            out.write(dumps({"platform": self.platform, "bots": sorted(self.bots)}) + "\n")
        write_settings(os.path.join(self.out, "reaction-report.toml"),
                       *report_settings(self.conversations, self.authors, self.platform))


def write_settings(path, exclude, groups, support, window):
    """reaction-report.toml (JSON strings are TOML basic strings)."""
    lines = ["# Written by `python3 -m exportgen truth` (truth.py, world.report_settings).",
             "excludePeople = [%s]" % ", ".join(dumps(x) for x in exclude),
             "supportConversations = [%s]" % ", ".join(dumps(x) for x in support)]
    if window is not None:
        lines.append("responseWindow = %s" % dumps(window))
    lines += ["", "[groups]"]
    lines += ["%s = [%s]" % (dumps(name), ", ".join(dumps(x) for x in entries))
              for name, entries in groups]
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")


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
