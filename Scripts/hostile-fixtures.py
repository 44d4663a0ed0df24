#!/usr/bin/env python3
"""Writes the hostile-content fixtures (Tests/ReactionReportKitTests/Fixtures/hostile/): our own
fixtures of every platform with every text field that reaches output replaced by payloads.
Each payload, if a browser ran it, sets data-pwned on the document element; the Chromium test
(HostileSiteBrowserTests) loads every page of the built site and reads that attribute.

Run from the project root: python3 Scripts/hostile-fixtures.py
"""
import json
import os
import shutil

FIXTURES = "Tests/ReactionReportKitTests/Fixtures"
OUT = os.path.join(FIXTURES, "hostile")

MARK = "document.documentElement.setAttribute('data-pwned','{}')"

# Markup payloads: any field. Each marks the document with its own number when run.
PAYLOADS = [
    "<script>" + MARK.format(1) + "</script>",
    '<img src=x onerror="' + MARK.format(2) + '">',
    '"><svg onload="' + MARK.format(3) + '">',
    "'><svg onload='" + MARK.format(4).replace("'", '"') + "'>",
    "</title><script>" + MARK.format(5) + "</script>",
    "</style><script>" + MARK.format(6) + "</script>",
    '<iframe srcdoc="<script>parent.' + MARK.format(7) + '</script>"></iframe>',
    "{{x}}{{{x}}}{{=<% %>=}}<%x%>{{> evil}}",
    "</textarea></noscript></xmp><script>" + MARK.format(8) + "</script>",
    '<a href="javascript:' + MARK.format(9) + '" id=autoclick>x</a><details open ontoggle="' + MARK.format(10) + '">',
]
# Link payloads for message text (Markdown, Slack, Discord links and images).
LINKS = [
    "[click](javascript:" + MARK.format(11) + ")",
    "![img](javascript:" + MARK.format(12) + ")",
    "[d](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)",
    "![d](data:image/svg+xml,<svg onload=alert(1)>)",
    "<javascript:" + MARK.format(13) + ">",
    "<javascript:" + MARK.format(14) + "|label>",
    "<data:text/html,x|slack data>",
    "[ref][r]\n\n[r]: javascript:" + MARK.format(15),
    "&lt;script&gt;" + MARK.format(16) + "&lt;/script&gt;",
    "<scr<script>ipt>" + MARK.format(17) + "</script>",
    "`<script>" + MARK.format(18) + "</script>`",
]
NAME = " ".join(PAYLOADS)
TEXT = "\n\n".join(PAYLOADS + LINKS)
URL = "javascript:" + MARK.format(19)

# Keys whose string values reach output: names, texts, titles, file names, URLs.
NAME_KEYS = {"name", "real_name", "display_name", "first_name", "last_name", "title", "topic", "category",
             "nickname", "displayname", "username", "fileName", "actor", "from", "description"}
TEXT_KEYS = {"text", "content", "body", "message", "question"}
URL_KEYS = {"url", "imageUrl", "iconUrl", "avatarUrl", "image_72", "permalink"}
# Keys whose string values are reaction values (emoji, types, shortcodes).
REACTION_KEYS = {"reaction", "emoji", "emoji_name", "key"}
# Objects keyed by reaction value.
REACTION_MAPS = {"reaction", "reaction_counts", "reaction_scores", "reaction_groups"}


def poison(value, key=None):
    if isinstance(value, dict):
        out = {}
        for k, v in value.items():
            new_key = NAME if key in REACTION_MAPS and not isinstance(v, list) or key == "reaction" else k
            out[new_key] = poison(v, k)
        return out
    if isinstance(value, list):
        return [poison(v, key) for v in value]
    if isinstance(value, str):
        if key in TEXT_KEYS:
            return TEXT
        if key in NAME_KEYS:
            return NAME
        if key in URL_KEYS:
            return URL
        if key in REACTION_KEYS:
            return NAME
        if key == "type" and value not in ("messaging", "regular", "message", "service", "reply", "deleted"):
            return value
    return value


def write_json(path, value):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        json.dump(value, f, ensure_ascii=False, indent=1)
        f.write("\n")


def convert(source, target):
    src = os.path.join(FIXTURES, source)
    dst = os.path.join(OUT, target)
    if source.endswith(".jsonl"):
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        with open(src, encoding="utf-8") as f, open(dst, "w", encoding="utf-8") as out:
            for line in f:
                if line.strip():
                    out.write(json.dumps(poison(json.loads(line)), ensure_ascii=False) + "\n")
    else:
        with open(src, encoding="utf-8") as f:
            write_json(dst, poison(json.load(f)))


def stream_latest_types(path):
    """Stream's latest reactions name their type, which must match the poisoned counts."""
    with open(path, encoding="utf-8") as f:
        data = json.load(f)
    for channel in data["channels"]:
        for message in channel["messages"]:
            for reaction in message.get("latest_reactions", []):
                reaction["type"] = NAME
    write_json(path, data)


def main():
    shutil.rmtree(OUT, ignore_errors=True)
    convert("pubnub/chat-history.json", "pubnub-history.json")
    convert("stream/export.json", "stream-export.json")
    stream_latest_types(os.path.join(OUT, "stream-export.json"))
    convert("cometchat/messages.json", "cometchat-messages.json")
    convert("cometchat/reactions.json", "cometchat-reactions.json")
    # Slack: the channel folder is named after the channel, so its name stays; the rest is poisoned.
    for name in ["channels.json", "users.json", "general/2023-11-14.json"]:
        convert("slack/workspace/" + name, "slack/" + name)
    with open(os.path.join(OUT, "slack/channels.json"), encoding="utf-8") as f:
        channels = json.load(f)
    for channel in channels:
        channel["name"] = "general"
    write_json(os.path.join(OUT, "slack/channels.json"), channels)
    convert("discord/old-format.json", "discord-old.json")
    convert("discord/zulip-fixture__dce_general_with_reaction_users.json", "discord-current.json")
    convert("discord/thread.json", "discord-thread.json")
    convert("telegram/single-chat.json", "telegram-chat.json")
    convert("telegram/account.json", "telegram-account.json")
    convert("matrix/room.json", "matrix-room.json")
    convert("mattermost/zulip-fixture__mattermost_bulk_export.jsonl", "mattermost-bulk.jsonl")
    # Polls: questions, option texts and voters' names.
    for name in ["telegram-poll-chat.json", "discord-poll.json", "matrix-polls.json", "stream-poll-channel.json", "cometchat-poll.json"]:
        convert("polls/" + name, "polls-" + name)
    with open(os.path.join(OUT, "README.md"), "w", encoding="utf-8") as f:
        f.write("Written by `Scripts/hostile-fixtures.py` from the fixtures beside this folder (same "
                "sources and licences, see ../README.md): every name, text, URL and reaction value "
                "replaced by script, attribute-breakout, link and template payloads.\n")


main()
