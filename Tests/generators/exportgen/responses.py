"""Issue 30's responsiveness and questions, computed independently of the tool's
Sources/ReactionReportKit/Analysis/Responses.swift (the rules: docs/cli.md "Responsiveness").

For each message of a build (verify_figures.Message, with its truth), an `Outcome`:

- answerable: it has a time, it is not fromBot, and its author (when it has one) is not left
  out (a bot the platform marks, in the truth's expected-bots.json, or someone the rankings
  leave out: excludeBots, excludePeople);
- its responses: the replies to it (resolved as for reply times) that have a time, whose author
  differs from its own (two missing authors are the same), are not fromBot and whose author is
  not left out, at the reply's time; and each listed reactor of any emoji on it who is not its
  author and not left out, at the reaction's `at` or at no known time;
- answered: a response at no known time, or one within `responseWindow` seconds
  (max(0, floor((t - sent) / 1e9)) <= window);
- first: the least whole seconds to a response with a time (also after the window), or None;
- question: it is in a support conversation and replies to no message (there the replies are the
  answers), or its text asks (`asks`).
"""

import re
import unicodedata

from .figures import parse_time

DEFAULT_WINDOW = "48h"
DEFAULT_QUESTION_MARKS = ("?\u00bf\u037e\u055e\u061f\u1367\u1945\u2047\u2048\u2049\u2cfa\u2cfb"
                          "\u2e2e\ua60f\ua6f7\ufe16\ufe56\uff1f\U00011143\U0001e95f")
GREEK_QUESTION_MARK = "\u037e"
# After `?`, these make it part of a link's query (`?a=1`, `?&`, `?/`, `?%20`), not a question.
NOT_AFTER_QUESTION_MARK = "=&/%"


def greek(char):
    """U+0370–U+03FF (Greek and Coptic) or U+1F00–U+1FFF (Greek Extended)."""
    code = ord(char)
    return 0x0370 <= code <= 0x03FF or 0x1F00 <= code <= 0x1FFF


def letter_or_number(char):
    return unicodedata.category(char)[0] in "LN"


def asks(text, marks):
    """Whether `text` (code points) holds a question mark by the rule: a character of `marks`
    other than `?` and U+037E anywhere; `?` (when in `marks`) followed by the end of the text or
    by something that is not a letter, a number or one of = & / %; U+037E (when in `marks`)
    anywhere, and then also `;` right after a Greek character."""
    greek_semicolon = GREEK_QUESTION_MARK in marks
    for i, char in enumerate(text):
        if char == "?":
            if "?" in marks:
                after = text[i + 1] if i + 1 < len(text) else None
                if after is None or not (letter_or_number(after) or after in NOT_AFTER_QUESTION_MARK):
                    return True
        elif char in marks:
            return True
        elif char == ";" and greek_semicolon and i > 0 and greek(text[i - 1]):
            return True
    return False


class Outcome:
    """What one message adds to the responsiveness figures."""

    __slots__ = ("answerable", "answered", "first", "question")

    def __init__(self, answerable=False, answered=False, first=None, question=False):
        self.answerable, self.answered, self.first, self.question = answerable, answered, first, question

    def __repr__(self):
        return (f"Outcome(answerable={self.answerable}, answered={self.answered}, "
                f"first={self.first}, question={self.question})")


def time_ns(text):
    """Nanoseconds since 1970 of an RFC 3339 time in UTC with up to 9 fraction digits."""
    moment, nanos = parse_time(text)
    return int(moment.timestamp()) * 1_000_000_000 + nanos


def outcome(message, replies, left_out, window, marks, support):
    """The Outcome of `message` (verify_figures.Message, truth applied). replies: the messages
    whose reply target resolves to it; left_out: the people (platform, id) who never answer nor
    count; support: whether it is in a support conversation and replies to none."""
    platform = message.platform

    def counted(person):
        return person is None or (platform, person) not in left_out

    if message.ns is None or message.from_bot or not counted(message.author):
        return Outcome()
    seconds, untimed = [], False
    for reply in replies:
        if reply.ns is not None and reply.author != message.author and not reply.from_bot \
                and counted(reply.author):
            seconds.append(max(0, (reply.ns - message.ns) // 1_000_000_000))
    for reaction in message.raw["reactions"]:
        for reactor in reaction["reactors"]:
            if reactor["id"] == message.author or not counted(reactor["id"]):
                continue
            if reactor["at"] is None:
                untimed = True
            else:
                seconds.append(max(0, (time_ns(reactor["at"]) - message.ns) // 1_000_000_000))
    first = min(seconds) if seconds else None
    answered = untimed or (first is not None and first <= window)
    question = support or asks(message.raw["text"], marks)
    return Outcome(True, answered, first, question)


def parse_duration(value, where):
    """responseWindow as the configuration gives it, in whole seconds: a text of whole numbers
    each followed by a unit d, h, m or s (`48h`, `2d`, `1h30m`), more than 0 in all."""
    if not isinstance(value, str) or not re.fullmatch(r"(?:[0-9]+[dhms])+", value, re.A):
        raise ValueError(f"{where}: responseWindow must be a length of time such as \"48h\", "
                         f"not {value!r}")
    units = {"d": 86400, "h": 3600, "m": 60, "s": 1}
    seconds = sum(int(n) * units[u] for n, u in re.findall(r"([0-9]+)([dhms])", value, re.A))
    if seconds == 0:
        raise ValueError(f"{where}: responseWindow must be longer than 0, not {value!r}")
    return seconds
