"""The verifiers' own test: verify_figures.py on a hand-made build of fifteen messages whose
figures were worked out by hand (below), then on copies with one thing wrong each, which must
be reported as that figure, in that week or row, with what it should be.

    python3 -m exportgen selftest

The build (platform slack, Europe/Berlin; W10 starts 2026-03-01T23:00Z, W11 2026-03-08T23:00Z,
W12 2026-03-15T23:00Z (no message), W13 2026-03-22T23:00Z):

    id  conv  author    sent (UTC)                 replyTo  reactions (count: listed, at)
    1   C1    U1 Ada    03-02 10:00:00             -        👍 3: U2 U3 (10:00:05) U7 (10:00:01)
                                                            (first at 10:01), 🎉 1: U2
    2   C1    U2 Bob    03-02 10:00:30.5           1        👍 2: U1 (11:00:31.5) @nine
    3   C1    U1 Ada    03-02 10:00:10             1        -             (a self-reply)
    4   C2    B1 (bot)  03-03 08:00:00             -        ✅ 2: U1 U2   (fromBot)
    5   C2    U8 Zed    03-03 09:00:00             4        👍 1: U1
    6   C3    nobody    03-04 12:00:00             -        -
    7   C3    nobody    03-04 12:05:00             6        😂 3: U3 (13:05) (nobody = nobody)
    8   C3    U3 Cy     03-04 12:10:00             6        -
    9   C1    U2 Bob    03-05 00:00:00             404      -             (parent not exported)
    10  C1    U3 Cy     03-08 23:30:00 (W11)       2        👍 2: U1 U2
    11  C2    U1 Ada    03-09 10:00:00             -        👍 2: U4 U7
    12  C2    U4 =Di    03-09 09:59:59.25          11       -             (before its parent)
    13  C4    U4 =Di    03-23 10:00:00 (W13)       -        👍 1: U5 Eve
    14  C4    U4 =Di    03-24 10:00:00             -        -
    15  C4    U2 Bob    03-25 10:00:00             -        -             (fromBot, as Telegram's
                                                                          via_bot marks a person's)

Settings: topN 2; excludePeople "@nine" (an id) and "zed ZULU" (U8's name "Zed Zulu"); bots B1
and U7 (expected-bots.json), left out by default; groups core = GENERAL (C1's name), C2 (an id);
help = help-* (C2 "help-desk"); none = x*y. C3 is "random", C4 "misc"; responseWindow 1 h;
supportConversations RANDOM (C3 by its name).

First replies: 1 → 2 after 30 s (3 is the author's own), 2 → 10 after 566,969 s (next week),
4 → 5 after 3,600 s, 6 → 8 after 600 s (7 has the same unknown author), 11 → 12 after 0 s.

Responses (RESPONSES: answerable, answered within 1 h, first response, question). Not
answerable: 4 (fromBot) and 5 (U8 is excluded). 1: U3's reaction after 5 s (U7's after 1 s is
a bot's; U2's have no time: answered), a question ("?" at the end). 2: U1's reaction after
3,601 s, one second after the window (@nine is excluded; 10's reply comes later): not answered;
"?a=1" and "?/" ask nothing. 3: nobody else responds; a question (Greek ";"). 6: 8's reply
after 600 s (7's author is as unknown as 6's); 6 is a question (C3 is a support
conversation), 7 and 8 are not (they reply to 6: its answers). 7: U3's reaction after exactly 3,600 s, within the window. 9: "why? because".
10: reactions without a time, "really?!". 11: 12's reply after 0 s, "？". 12: "ok?x2" asks
nothing. 13: U5's reaction without a time. 14: nobody responds. 15: fromBot.

Participation (PARTICIPATION; people only: B1, U7, @nine and U8 count nowhere, nor does
nobody). Active: W10 U1, U2, U3 (4's and 5's reactors U1 and U2 posted too); W11 U1, U3, U4
posted, U2 only reacted, U4 is new; W12 nobody; W13 U4 posted, returning (not active in W12),
U5 only reacted, new (15 is no one's post: U2 is not active). Posting days (local): U1 03-02, 03-09; U2 03-02, 03-05 (9 is 01:00 local);
U3 03-04, 03-09 (10 is 00:30 local); U4 03-09, 03-23, 03-24. Levels (core 8, regular 3 days):
all occasional through W12 (four people from W11: the window keeps W10 and W11); in W13 (window
W10–W13) U4 regular, U5 an observer, U1–U3 occasional, which people.csv's `level` gives too.
Cohorts: W10 (U1–U3) 3 active a week later, 0 two and three weeks later (W12, W13), then past
the end; W11 (U4) 0, then 1 (returning after the gap); W13 (U5) none known; W12 has none.
"""

import contextlib
import copy
import io
import json
import os
import shutil
import tempfile
import unittest
from unittest import mock

from . import figures, responses, verify_figures, verify_weeks

CONVERSATIONS = {"C1": "general", "C2": "help-desk", "C3": "random"}
CONVERSATIONS["C4"] = "misc"
NAMES = {"U1": "Ada", "U2": "Bob", "U3": "Cy, Jr.", "U4": "=Di", "U5": "Eve", "U7": "robot", "U8": "Zed Zulu",
         "@nine": "Nine", "B1": "deploybot"}
# id, conversation, author, sentAt, replyTo, fromBot, [(key, count, [reactors], firstAt)]
MESSAGES = [
    ("1", "C1", "U1", "2026-03-02T10:00:00Z", None, False,
     [("👍", 3, ["U2", "U3", "U7"], "2026-03-02T10:01:00Z"), ("🎉", 1, ["U2"], None)]),
    ("2", "C1", "U2", "2026-03-02T10:00:30.500000000Z", "1", False,
     [("👍", 2, ["U1", "@nine"], None)]),
    ("3", "C1", "U1", "2026-03-02T10:00:10Z", "1", False, []),
    ("4", "C2", "B1", "2026-03-03T08:00:00Z", None, True, [("✅", 2, ["U1", "U2"], None)]),
    ("5", "C2", "U8", "2026-03-03T09:00:00Z", "4", False, [("👍", 1, ["U1"], None)]),
    ("6", "C3", None, "2026-03-04T12:00:00Z", None, False, []),
    ("7", "C3", None, "2026-03-04T12:05:00Z", "6", False, [("😂", 3, ["U3"], None)]),
    ("8", "C3", "U3", "2026-03-04T12:10:00Z", "6", False, []),
    ("9", "C1", "U2", "2026-03-05T00:00:00Z", "404", False, []),
    ("10", "C1", "U3", "2026-03-08T23:30:00Z", "2", False, [("👍", 2, ["U1", "U2"], None)]),
    ("11", "C2", "U1", "2026-03-09T10:00:00Z", None, False, [("👍", 2, ["U4", "U7"], None)]),
    ("12", "C2", "U4", "2026-03-09T09:59:59.250000000Z", "11", False, []),
    ("13", "C4", "U4", "2026-03-23T10:00:00Z", None, False, [("👍", 1, ["U5"], None)]),
    ("14", "C4", "U4", "2026-03-24T10:00:00Z", None, False, []),
    ("15", "C4", "U2", "2026-03-25T10:00:00Z", None, True, []),
]
TEXTS = {"1": "how do I deploy?", "2": "see https://x.org/?a=1 and ?/b", "3": "τι κάνεις;",
         "4": "build done?", "5": "?", "9": "why? because", "10": "really?!", "11": "本当？",
         "12": "ok?x2"}
# (message id, reactor) -> at
REACTION_TIMES = {("1", "U3"): "2026-03-02T10:00:05Z", ("1", "U7"): "2026-03-02T10:00:01Z",
                  ("2", "U1"): "2026-03-02T11:00:31.500000000Z", ("7", "U3"): "2026-03-04T13:05:00Z"}
SETTINGS = '''topN = 2
excludePeople = ["@nine", "zed ZULU"]
responseWindow = "1h"
supportConversations = ["RANDOM"]

[polarity]
positive = ["👍", "🎉"]
negative = ["😂"]

[groups]
core = ["GENERAL", "C2"]
help = ["help-*"]
none = ["x*y"]
'''
NONE = {"messages": 0, "reactedMessages": 0, "reactions": 0, "reactors": 0, "posters": 0,
        "medianSecondsToFirstReaction": None, "newReactors": 0, "replies": 0,
        "medianSecondsToFirstReply": None, "answerableMessages": 0, "answeredMessages": 0,
        "medianSecondsToFirstResponse": None, "p90SecondsToFirstResponse": None, "questions": 0,
        "answeredQuestions": 0, "medianSecondsToFirstQuestionResponse": None,
        "p90SecondsToFirstQuestionResponse": None, "unansweredQuestions": 0, "positiveReactions": 0,
        "negativeReactions": 0}
# The figures worked out by hand: (week, replies, median, topReactors, topReceivers, topPairs,
# groups, responses, participation, mood). A group's figures and a week's responses are in NONE's
# order; responses: answerable and answered messages, median and p90 first response, questions,
# answered, their median and p90 first response, unanswered; participation: PARTICIPATION's;
# mood: positive and negative reactions (👍 and 🎉 positive, 😂 negative, ✅ neutral).
WEEKS = [
    ("2026-W10", 6, 2100,                       # delays 30, 600, 3600, 566969: 600 + 3000 // 2
     [("U1", 3), ("U2", 3)],                    # U3 has 2; U7 and @nine are left out
     [("U1", 4), ("U2", 2)],                    # 4 is a bot's, 5 an excluded person's, 7 nobody's
     [("U2", "U1", 2), ("U1", "U2", 1)],        # U3 → U1 1 comes after U1 → U2 1
     # core: messages 1–5 and 9; first reactions 1 s (U7 counts here) and 3,601 s; first
     # responses 5 and 3,601 (5 + 3596 // 2; nearest rank 0.9 × 2 → the 2nd); questions 1, 3, 9
     [("core", [6, 4, 9, 5, 4, 1801, 5, 4, 3600, 4, 1, 1803, 3601, 3, 1, 5, 5, 2, 7, 0]),
      ("help", [2, 2, 3, 2, 2, None, 2, 1, 3600, 0, 0, None, None, 0, 0, None, None, 0, 1, 0]),
      ("none", None)],
     # answerable 1, 2, 3, 6, 7, 8, 9; answered 1, 6, 7; first responses 5, 600, 3600, 3601
     # (median 600 + 3000 // 2, p90 the 4th); questions 1, 3, 6, 9 (7 and 8 reply in a support
     # conversation): answered 1, 6, firsts 5, 600 (median 5 + 595 // 2, p90 the 2nd)
     [7, 3, 2100, 3601, 4, 2, 302, 600, 2],
     [3, 3, 0, 3, 0, 0, 0, 3, 0],               # U1, U2, U3: all occasional
     [7, 3]),                                   # 👍 3 + 🎉 1 + 👍 2 + 👍 1; 😂 3
    ("2026-W11", 2, 0,
     [("U1", 1), ("U2", 1)],                    # U4 has 1 too; U7 is left out
     [("U1", 2), ("U3", 2)],
     [("U1", "U3", 1), ("U2", "U3", 1)],        # U4 → U1 1 is third
     [("core", [3, 2, 4, 4, 3, None, 1, 2, 0, 3, 2, 0, 0, 2, 2, 0, 0, 0, 4, 0]),
      ("help", [2, 1, 2, 2, 2, None, 2, 1, 0, 2, 1, 0, 0, 1, 1, 0, 0, 0, 2, 0]),
      ("none", None)],
     # answerable 10, 11, 12; answered 10 (reactions without a time), 11 (0 s); questions 10, 11
     [3, 2, 0, 0, 2, 2, 0, 0, 0],
     [4, 3, 1, 1, 0, 0, 0, 4, 0],               # U2 only reacted; U4 is new
     [4, 0]),
    ("2026-W12", 0, None, [], [], [], [("core", None), ("help", None), ("none", None)],
     [0, 0, None, None, 0, 0, None, None, 0],
     [0, 0, 0, 0, 0, 0, 0, 4, 0],               # nobody active; the window still holds W10, W11
     [0, 0]),
    ("2026-W13", 0, None, [("U5", 1)], [("U4", 1)], [("U5", "U4", 1)],
     [("core", None), ("help", None), ("none", None)],
     # answerable 13, 14; answered 13 (a reaction without a time), no first response with one
     [2, 1, None, None, 0, 0, None, None, 0],
     [2, 1, 1, 1, 1, 0, 1, 3, 1],               # U4 returns after the gap, regular; U5 observes
     [1, 0]),
]
PARTICIPATION = ["activePeople", "postingPeople", "reactingOnlyPeople", "newPeople", "returningPeople",
                 "corePeople", "regularPeople", "occasionalPeople", "observerPeople"]
RESPONSE_KEYS = list(NONE)[9:18]
MOOD = ["positiveReactions", "negativeReactions"]
PEOPLE_CSV = (
    "platform,id,name,bot,excluded,messages,reactionsGiven,reactionsReceived,peopleReactedTo,"
    "peopleReactedBy,level\r\n"
    "slack,'@nine,Nine,false,true,0,1,0,1,0,\r\n"
    "slack,B1,deploybot,true,true,1,0,2,0,2,\r\n"
    "slack,U1,Ada,false,false,3,4,6,4,4,occasional\r\n"
    "slack,U2,Bob,false,false,3,4,2,3,2,occasional\r\n"
    'slack,U3,"Cy, Jr.",false,false,2,2,2,1,2,occasional\r\n'
    "slack,U4,'=Di,false,false,3,1,1,1,1,regular\r\n"
    "slack,U5,Eve,false,false,0,1,0,1,0,observer\r\n"
    "slack,U7,robot,true,true,0,2,0,1,0,\r\n"
    "slack,U8,Zed Zulu,false,true,1,0,1,0,1,\r\n")
COHORTS_JSON = (
    '{"timezone":"Europe/Berlin","weeksAfter":12,"cohorts":[\n'
    '{"week":"2026-W10","people":3,"active":[3,0,0,null,null,null,null,null,null,null,null,null]},\n'
    '{"week":"2026-W11","people":1,"active":[0,1,null,null,null,null,null,null,null,null,null,null]},\n'
    '{"week":"2026-W13","people":1,"active":[null,null,null,null,null,null,null,null,null,null,null,null]}]}\n')
COHORTS_CSV = (
    "week,people,week1,week2,week3,week4,week5,week6,week7,week8,week9,week10,week11,week12\r\n"
    "2026-W10,3,3,0,0,,,,,,,,,\r\n"
    "2026-W11,1,0,1,,,,,,,,,,\r\n"
    "2026-W13,1,,,,,,,,,,,,\r\n")


def person(pid, count):
    return {"platform": "slack", "id": pid, "name": NAMES[pid], "count": count}


def weeks_json():
    weeks = []
    for name, replies, median, reactors, receivers, pairs, groups, responses, taking, mood in WEEKS:
        entry = {k: 0 for k in verify_figures.WEEK_KEYS}
        entry.update(dict(zip(RESPONSE_KEYS, responses)))
        entry.update(dict(zip(PARTICIPATION, taking)))
        entry.update(dict(zip(MOOD, mood)))
        entry.update(week=name, start="", end="", medianSecondsToFirstReaction=None,
                     topMessages=[], topEmoji=[], conversations=[], replies=replies,
                     medianSecondsToFirstReply=median,
                     topReactors=[person(p, c) for p, c in reactors],
                     topReceivers=[person(p, c) for p, c in receivers],
                     topPairs=[{"platform": "slack", "reactor": r, "author": a, "count": c}
                               for r, a, c in pairs],
                     groups=[dict({"name": g}, **(NONE if figures is None else
                                                  dict(zip(verify_figures.GROUP_KEYS[1:], figures))))
                             for g, figures in groups])
        weeks.append(entry)
    return {"timezone": "Europe/Berlin", "weeks": weeks}


def message_lines():
    lines, truth = [], []
    for mid, conversation, author, sent, reply_to, from_bot, reactions in MESSAGES:
        lines.append({
            "platform": "slack",
            "conversation": {"id": conversation, "name": CONVERSATIONS[conversation]},
            "id": mid, "author": None if author is None else {"id": author, "name": NAMES[author]},
            "sentAt": sent, "thread": None, "deleted": False, "text": TEXTS.get(mid, ""),
            "reactionCount": sum(count for _, count, _, _ in reactions),
            "reactions": [{"key": key, "emoji": key, "name": None, "custom": False, "image": None,
                           "count": count, "reactors": [{"id": r, "name": NAMES[r],
                                                         "at": REACTION_TIMES.get((mid, r))}
                                                        for r in reactors],
                           "reactorsComplete": count == len(reactors), "firstAt": first}
                          for key, count, reactors, first in reactions]})
        truth.append({"platform": "slack", "conversation": conversation, "id": mid, "deleted": False,
                      "text": TEXTS.get(mid, ""), "reactions": [], "replyTo": reply_to,
                      "fromBot": from_bot})
    return lines, truth


class Build:
    """A hand-made build and truth in a temporary folder, written from (changed) copies."""

    def __init__(self, folder, weeks=None, people=PEOPLE_CSV, settings=SETTINGS, cohorts_json=COHORTS_JSON,
                 cohorts_csv=COHORTS_CSV):
        self.output, self.truth = os.path.join(folder, "out"), os.path.join(folder, "truth")
        os.makedirs(os.path.join(self.output, "data"))
        os.makedirs(self.truth)
        lines, truth = message_lines()
        write(os.path.join(self.output, "data", "messages.jsonl"),
              "".join(json.dumps(x, ensure_ascii=False) + "\n" for x in lines))
        write(os.path.join(self.output, "data", "weeks.json"),
              json.dumps(weeks or weeks_json(), ensure_ascii=False))
        for name, text in (("people.csv", people), ("cohorts.json", cohorts_json), ("cohorts.csv", cohorts_csv)):
            if text is not None:
                write(os.path.join(self.output, "data", name), text)
        write(os.path.join(self.truth, "expected.jsonl"),
              "".join(json.dumps(x, ensure_ascii=False) + "\n" for x in truth))
        write(os.path.join(self.truth, "expected-bots.json"),
              json.dumps({"platform": "slack", "bots": ["B1", "U7"]}))
        self.config = os.path.join(self.truth, "reaction-report.toml")
        write(self.config, settings)

    def verify(self):
        """(exit status, the lines printed after the summary)."""
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            status = verify_figures.verify(self.output, self.truth, self.config)
        return status, out.getvalue().splitlines()[1:]


def write(path, text):
    with open(path, "w", encoding="utf-8", newline="") as f:
        f.write(text)


class VerifyFigures(unittest.TestCase):
    def setUp(self):
        self.folder = tempfile.mkdtemp(prefix="exportgen-selftest-")
        self.builds = 0

    def tearDown(self):
        shutil.rmtree(self.folder, ignore_errors=True)

    def build(self, **changes):
        self.builds += 1
        return Build(os.path.join(self.folder, str(self.builds)), **changes)

    def changed_weeks(self, change):
        weeks = copy.deepcopy(weeks_json())
        change(weeks["weeks"])
        return weeks

    def assertReports(self, lines, *expected):
        """Exactly one line per expected text, each starting with it."""
        self.assertEqual(len(lines), len(expected), "\n".join(lines))
        for line, text in zip(lines, expected):
            self.assertTrue(line.strip().startswith(text), f"{line!r} does not start with {text!r}")

    def test_hand_made_build_passes(self):
        status, lines = self.build().verify()
        self.assertEqual((status, lines), (0, []))

    def test_each_figure_is_reported_once_with_where_and_what(self):
        def change(weeks):
            weeks[0]["replies"] = 5
            weeks[0]["medianSecondsToFirstReply"] = 2099
            weeks[1]["medianSecondsToFirstReply"] = None
            weeks[0]["topReactors"].reverse()                 # the tie is by id
            weeks[1]["topReceivers"][1]["name"] = "Ada"
            weeks[0]["topPairs"][1]["reactor"] = "U3"         # U3 → U1 ranks after U1 → U2
            weeks[0]["topPairs"][1]["author"] = "U1"
            weeks[1]["groups"][0]["newReactors"] = 2
            weeks[0]["groups"][1]["medianSecondsToFirstReply"] = 3600.0
            weeks[1]["groups"][2]["medianSecondsToFirstReply"] = 0
        status, lines = self.build(weeks=self.changed_weeks(change)).verify()
        self.assertEqual(status, 1)
        self.assertReports(
            lines,
            "replies: 2026-W10: got 5, expected 6 (in 1 of 4 weeks)",
            "medianSecondsToFirstReply: 2026-W10: got 2099, expected 2100 (in 2 of 4 weeks)",
            'topReactors: 2026-W10: [0] got {"platform": "slack", "id": "U2"',
            'topPairs: 2026-W10: [1] got {"platform": "slack", "reactor": "U3", "author": "U1", '
            '"count": 1}, expected {"platform": "slack", "reactor": "U1", "author": "U2"',
            "groups help medianSecondsToFirstReply: 2026-W10: got 3600.0, expected 3600",
            'topReceivers: 2026-W11: [1] U3 name "Ada", expected one of ["Cy, Jr."]',
            "groups core newReactors: 2026-W11: got 2, expected 1 (in 1 of 4 weeks)",
            "groups none medianSecondsToFirstReply: 2026-W11: got 0, expected null")

    def test_each_response_figure_is_checked(self):
        def change(weeks):
            weeks[0]["answerableMessages"] = 9                # 4 (fromBot) and 5 (excluded) count
            weeks[0]["answeredMessages"] = 4                  # 2's reaction 1 s after the window
            weeks[0]["p90SecondsToFirstResponse"] = 3600      # the nearest rank, not below it
            weeks[1]["medianSecondsToFirstResponse"] = None
            weeks[0]["questions"] = 3                         # "τι κάνεις;" asks
            weeks[1]["unansweredQuestions"] = 1
            weeks[0]["groups"][0]["medianSecondsToFirstResponse"] = 1                # U7 is a bot
            weeks[0]["groups"][0]["p90SecondsToFirstQuestionResponse"] = None
            weeks[1]["groups"][1]["answeredQuestions"] = 0
            weeks[1]["groups"][1]["medianSecondsToFirstQuestionResponse"] = 0.0
        status, lines = self.build(weeks=self.changed_weeks(change)).verify()
        self.assertEqual(status, 1)
        self.assertReports(
            lines,
            "answerableMessages: 2026-W10: got 9, expected 7 (in 1 of 4 weeks)",
            "answeredMessages: 2026-W10: got 4, expected 3 (in 1 of 4 weeks)",
            "p90SecondsToFirstResponse: 2026-W10: got 3600, expected 3601 (in 1 of 4 weeks)",
            "questions: 2026-W10: got 3, expected 4 (in 1 of 4 weeks)",
            "groups core medianSecondsToFirstResponse: 2026-W10: got 1, expected 1803 (in 1 of 4 weeks)",
            "groups core p90SecondsToFirstQuestionResponse: 2026-W10: got null, expected 5 (in 1 of 4 weeks)",
            "medianSecondsToFirstResponse: 2026-W11: got null, expected 0 (in 1 of 4 weeks)",
            "unansweredQuestions: 2026-W11: got 1, expected 0 (in 1 of 4 weeks)",
            "groups help answeredQuestions: 2026-W11: got 0, expected 1 (in 1 of 4 weeks)",
            "groups help medianSecondsToFirstQuestionResponse: 2026-W11: got 0.0, expected 0 (in 1 of 4 weeks)")

    def test_the_response_settings(self):
        """The window and the support conversations come from the settings; without them, 48 h
        and none."""
        status, lines = self.build(settings=SETTINGS.replace('responseWindow = "1h"\n', "")).verify()
        self.assertEqual(status, 1)
        self.assertReports(                                   # 2's reaction after 3,601 s counts
            lines,
            "answeredMessages: 2026-W10: got 3, expected 4 (in 1 of 4 weeks)",
            "groups core answeredMessages: 2026-W10: got 1, expected 2 (in 1 of 4 weeks)")
        status, lines = self.build(settings=SETTINGS.replace('supportConversations = ["RANDOM"]\n', "")).verify()
        self.assertEqual(status, 1)
        self.assertReports(                                   # 6 asks nothing
            lines,
            "questions: 2026-W10: got 4, expected 3 (in 1 of 4 weeks)",
            "answeredQuestions: 2026-W10: got 2, expected 1 (in 1 of 4 weeks)",
            "medianSecondsToFirstQuestionResponse: 2026-W10: got 302, expected 5 (in 1 of 4 weeks)",
            "p90SecondsToFirstQuestionResponse: 2026-W10: got 600, expected 5 (in 1 of 4 weeks)")

    def test_each_participation_figure_is_checked(self):
        def change(weeks):
            weeks[0]["activePeople"] = 5                      # B1 and U7 (bots), @nine, U8 count
            weeks[0]["corePeople"] = 1
            weeks[1]["postingPeople"] = 4                     # U2 only reacted
            weeks[1]["reactingOnlyPeople"] = 0
            weeks[2]["occasionalPeople"] = 0                  # an empty week keeps its window
            weeks[3]["newPeople"] = 2                         # U4 is not new
            weeks[3]["returningPeople"] = 0                   # the empty W12 breaks W11's run;
            #                                                   U2's 15 is fromBot: no post
            weeks[3]["regularPeople"] = 0                     # U4's three days are in W11 and W13
            weeks[3]["observerPeople"] = 0
        status, lines = self.build(weeks=self.changed_weeks(change)).verify()
        self.assertEqual(status, 1)
        self.assertReports(
            lines,
            "activePeople: 2026-W10: got 5, expected 3 (in 1 of 4 weeks)",
            "corePeople: 2026-W10: got 1, expected 0 (in 1 of 4 weeks)",
            "postingPeople: 2026-W11: got 4, expected 3 (in 1 of 4 weeks)",
            "reactingOnlyPeople: 2026-W11: got 0, expected 1 (in 1 of 4 weeks)",
            "occasionalPeople: 2026-W12: got 0, expected 4 (in 1 of 4 weeks)",
            "newPeople: 2026-W13: got 2, expected 1 (in 1 of 4 weeks)",
            "returningPeople: 2026-W13: got 0, expected 1 (in 1 of 4 weeks)",
            "regularPeople: 2026-W13: got 0, expected 1 (in 1 of 4 weeks)",
            "observerPeople: 2026-W13: got 0, expected 1 (in 1 of 4 weeks)")

    def test_the_level_settings(self):
        """[engagementLevels] sets the days: with core 3 and regular 2, U4's three days are
        core, two days regular (U1, U2, U3 from W11; U2 in W10 already)."""
        status, lines = self.build(settings=SETTINGS + "\n[engagementLevels]\ncore = 3\nregular = 2\n").verify()
        self.assertEqual(status, 1)
        self.assertReports(
            lines,
            "regularPeople: 2026-W10: got 0, expected 1 (in 4 of 4 weeks)",
            "occasionalPeople: 2026-W10: got 3, expected 2 (in 4 of 4 weeks)",
            "corePeople: 2026-W13: got 0, expected 1 (in 1 of 4 weeks)",
            'people.csv level: row 4 (slack U1): got "occasional", expected "regular" (in 4 rows)')

    def test_cohorts(self):
        rows, header = COHORTS_JSON.split("\n"), COHORTS_CSV.split("\r\n")[0]
        cases = [
            ({"cohorts_json": None}, ["cohorts.json: data/cohorts.json: missing"]),
            ({"cohorts_json": COHORTS_JSON.replace("[3,0,0,null", "[3,0,0,0")},  # W14 is past the end
             ['cohorts.json: line 2: got "{\\"week\\":\\"2026-W10\\",\\"people\\":3,\\"active\\":[3,0,0,0,']),
            ({"cohorts_json": "\n".join(rows[:3] + ['{"week":"2026-W12","people":0,"active":[0,1,'
                                                    + ",".join(["null"] * 10) + "]},"] + rows[3:])},
             ['cohorts.json: line 4: got "{\\"week\\":\\"2026-W12\\"']),       # nobody was new in W12
            ({"cohorts_json": COHORTS_JSON.replace('"weeksAfter":12,"cohorts":[\n', '"weeksAfter":12,"cohorts":[')},
             ['cohorts.json: line 1: got "{\\"timezone\\":\\"Europe/Berlin\\",\\"weeksAfter\\":12,\\"cohorts\\":[{']),
            ({"cohorts_csv": COHORTS_CSV.replace("\r\n", "\n")},
             [f'cohorts.csv: line 1: got "{header}\\n", expected "{header}\\r\\n"']),
            ({"cohorts_csv": COHORTS_CSV.replace("2026-W11,1,0,1,,", "2026-W11,1,0,1,0,")},
             ['cohorts.csv: line 3: got "2026-W11,1,0,1,0,,,,,,,,,\\r\\n", expected "2026-W11,1,0,1,,,,,,,,,,\\r\\n"']),
            ({"cohorts_csv": None}, ["cohorts.csv: data/cohorts.csv: missing"]),
        ]
        for changes, expected in cases:
            status, lines = self.build(**changes).verify()
            self.assertEqual(status, 1)
            self.assertEqual(len(lines), 1, "\n".join(lines))
            for text in expected:
                self.assertIn(text, lines[0].strip())

    def test_keys_and_groups_are_checked_in_order(self):
        def change(weeks):
            weeks[0]["groups"].reverse()
            for entry in weeks:
                del entry["topPairs"]
            core = weeks[1]["groups"][0]
            weeks[1]["groups"][0] = {k: core[k] for k in reversed(verify_figures.GROUP_KEYS)}
        status, lines = self.build(weeks=self.changed_weeks(change)).verify()
        self.assertEqual(status, 1)
        self.assertReports(
            lines,
            'week keys: 2026-W10: missing ["topPairs"], unexpected [] (in 4 of 4 weeks)',
            "topPairs: 2026-W10: missing, expected",
            'groups: 2026-W10: names ["none", "help", "core"], expected ["core", "help", "none"]',
            f'groups core keys: 2026-W11: order ["{verify_figures.GROUP_KEYS[-1]}", ')

    def test_people_csv(self):
        rows = PEOPLE_CSV.split("\r\n")
        cases = [
            (PEOPLE_CSV.replace("\r\n", "\n", 1),
             ["people.csv header: line 1: got", "people.csv line ends: data/people.csv: "
              "record 1 ends with LF, not CRLF"]),
            (PEOPLE_CSV[:-2],
             ["people.csv line ends: data/people.csv: record 10 (the last) has no CRLF"]),
            (PEOPLE_CSV.replace("'@nine", "@nine"),
             ['people.csv rows: row 2: got ["slack", "@nine"], expected ["slack", "\'@nine"] (9 rows, '
              "expected 9)"]),
            ("\r\n".join(rows[:2] + rows[3:]),
             ['people.csv rows: row 3: got ["slack", "U1"], expected ["slack", "B1"] '
              "(8 rows, expected 9)"]),
            (PEOPLE_CSV.replace("Zed Zulu,false,true", "Zed Zulu,false,false")
             .replace(",2,3,2,occasional\r", ",2,3,1,occasional\r"),
             ['people.csv peopleReactedBy: row 5 (slack U2): got "1", expected "2" (in 1 row)',
              'people.csv excluded: row 10 (slack U8): got "false", expected "true" (in 1 row)']),
            (PEOPLE_CSV.replace("'=Di", "=Di"),
             ['people.csv name: row 7 (slack U4): got "=Di", expected one of ["\'=Di"] (in 1 row)']),
            (PEOPLE_CSV.replace("1,1,1,1,regular", "1,1,1,1,core").replace("0,1,0,1,0,\r", "0,1,0,1,0,observer\r", 1),
             ['people.csv level: row 2 (slack \'@nine): got "observer", expected "" (in 2 rows)']),
            (None, ["people.csv: data/people.csv: missing (expected 9 rows)"]),
        ]
        for text, expected in cases:
            status, lines = self.build(people=text).verify()
            self.assertEqual(status, 1)
            self.assertReports(lines, *expected)

    def test_defaults_without_settings(self):
        settings = verify_figures.Settings.read(None)
        self.assertEqual((settings.top_n, settings.exclude_bots, settings.exclude, settings.groups),
                         (10, True, [], []))
        self.assertEqual((settings.response_window, settings.support), (172800, []))
        self.assertEqual([f"U+{ord(c):04X}" for c in settings.question_marks],
                         ["U+003F", "U+00BF", "U+037E", "U+055E", "U+061F", "U+1367", "U+1945",
                          "U+2047", "U+2048", "U+2049", "U+2CFA", "U+2CFB", "U+2E2E", "U+A60F",
                          "U+A6F7", "U+FE16", "U+FE56", "U+FF1F", "U+11143", "U+1E95F"])
        # topN 10, nobody left out: U3, then @nine and U7 (1 each) join W10's top reactors
        status, lines = self.build(settings="excludeBots = false\n").verify()
        self.assertEqual(status, 1)
        self.assertIn('topReactors: 2026-W10: [2] missing (got 2 entries), expected {"platform": '
                      '"slack", "id": "U3", "count": 2} (in 2 of 4 weeks)',
                      [line.strip() for line in lines])


class FiguresList(unittest.TestCase):
    """The verifiers take the weekly figures from sql/figures.json (figures.py)."""

    def setUp(self):
        self.folder = tempfile.mkdtemp(prefix="exportgen-selftest-")

    def tearDown(self):
        shutil.rmtree(self.folder, ignore_errors=True)

    def test_the_keys_are_the_lists(self):
        self.assertEqual(verify_figures.GROUP_KEYS, ["name"] + list(NONE))
        self.assertEqual(verify_figures.WEEK_KEYS[5:-7], list(NONE)[:18] + PARTICIPATION + MOOD)

    def test_a_figure_without_a_computation_stops_both_verifiers(self):
        with open(figures.FIGURES_PATH, encoding="utf-8") as f:
            listed = json.load(f)
        listed["figures"].append({"key": "respondedMessages", "computation": "responded_messages",
                                  "kind": "count", "nullable": False, "week": True, "group": True})
        path = os.path.join(self.folder, "figures.json")
        write(path, json.dumps(listed))
        build = Build(os.path.join(self.folder, "build"))
        expected = (f"{path} names the figure 'respondedMessages', computed by 'responded_messages', "
                    "and exportgen/figures.py has no computation of that name: add one to COMPUTATIONS\n")
        for name, verify in (("verify_figures", lambda: verify_figures.verify(build.output, build.truth, build.config)),
                             ("verify_weeks", lambda: verify_weeks.verify(build.output))):
            out, err = io.StringIO(), io.StringIO()
            with mock.patch.object(figures, "FIGURES_PATH", path), contextlib.redirect_stdout(out), \
                    contextlib.redirect_stderr(err):
                status = verify()
            self.assertEqual((status, out.getvalue(), err.getvalue()), (2, "", f"{name}: {expected}"))


class Helpers(unittest.TestCase):
    def test_matches(self):
        m = verify_figures.matches
        self.assertTrue(m("GENERAL", "C1", "general"))            # names ignore case
        self.assertFalse(m("c1", "C1", "general"))                # ids do not
        self.assertTrue(m("help-*", "C2", "Help-Desk"))
        self.assertTrue(m("*", "C2", None))
        self.assertTrue(m("C*2", "C0002", "x"))
        self.assertFalse(m("help-*", "C2", "the help-desk"))      # the whole name
        self.assertTrue(m("a.b*", "a.bc", None))                  # only * is special
        self.assertFalse(m("a.b*", "axbc", None))

    def test_questions(self):
        marks = responses.DEFAULT_QUESTION_MARKS
        asking = ["ok?", "why? because", "really?!", "?", "(what?)", "a?\n", "¿qué", "Ինչու՞",
                  "لماذا؟", "ምን፧", "᥅", "⁇", "⁈", "⁉", "⳺", "⳻", "⸮", "꘏", "꛷", "︖", "﹖", "本当？",
                  "𑅃", "𞥟", "τι;", "τι\u037e", "ἔ;", "x \u037e", "Ϯ;"]
        asking_nothing = ["", "ok", "https://x.org/?a=1", "?&x", "?/", "?%20", "ok?x2", "x?1",
                          "why?ﬁ", "a; b", "1;", "α ;", "a\u0301;"]
        self.assertEqual([t for t in asking if not responses.asks(t, marks)], [])
        self.assertEqual([t for t in asking_nothing if responses.asks(t, marks)], [])
        self.assertFalse(responses.asks("ok?", "¿"))              # only the marks set
        self.assertTrue(responses.asks("a=b", "="))               # any mark but ? anywhere
        self.assertFalse(responses.asks("τι;", "?"))              # ; needs U+037E among them
        self.assertTrue(responses.asks("a; b", "?;"))

    def test_durations(self):
        parse = responses.parse_duration
        self.assertEqual([parse(v, "x") for v in ("48h", "1h30m", "90s", "2d", "1m1m", "0h5s")],
                         [172800, 5400, 90, 172800, 120, 5])
        for wrong in ("48", "h", "1x", "", "90 s", "0s", "٣h", 60, True, 1.5):
            with self.assertRaises(ValueError):
                parse(wrong, "x")

    def test_formula_safe_and_line_ends(self):
        cells = ("=1", "+1", "-1", "@a", "\tx", "a=")
        self.assertEqual([verify_figures.formula_safe(x) for x in cells],
                         ["'=1", "'+1", "'-1", "'@a", "'\tx", "a="])
        problem = verify_figures.line_end_problem
        self.assertIsNone(problem('a,"b\nc"\r\nd\r\n'))          # a line break inside quotes
        self.assertEqual(problem("a\r\nb\rc\r\n"), "record 2 ends with CR, not CRLF")


def run():
    """Runs the tests; returns the exit status."""
    suite = unittest.defaultTestLoader.loadTestsFromModule(__import__(__name__, fromlist=["_"]))
    result = unittest.TextTestRunner(verbosity=1).run(suite)
    return 0 if result.wasSuccessful() else 1
