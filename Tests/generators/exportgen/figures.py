"""The weekly figures the verifiers check, and how each is computed here, independently.

sql/figures.json is the tool's list of weekly figures (WeekFigure.all, written out by the
tool's tests): each figure's key in data/weeks.json, the name of its computation, its kind,
whether it may be null, and whether a week's object (`week`) and a group's (`group`) hold it.
The keys and their order come from there; how each value is computed is COMPUTATIONS below,
keyed by the computation's name. A figure whose computation is missing here stops the
verifiers (`MissingComputation`): a figure added to the tool is checked, or the check fails.

A computation reads a `WeekMessages`: one week's messages (or a group's in that week) from
data/messages.jsonl. Those marked `needs_truth` also need what messages.jsonl does not carry
(each message's `replyTo` and `fromBot`, from the generator's truth; the bots; the settings):
verify_figures.py checks them, verify_weeks.py the others. The responsiveness and question
figures (issue 30) read each message's responses.Outcome, which verify_figures.Report works out.
The participation figures (issue 30, a week's only) depend on the weeks before too: Report
counts every week in order (participation.py) and gives each week's WeekMessages its Figures.
"""

import datetime
import functools
import json
import os

FIGURES_PATH = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "sql", "figures.json")

# name -> (function of a WeekMessages, whether it needs the truth)
COMPUTATIONS = {}


class MissingComputation(Exception):
    """sql/figures.json names a computation COMPUTATIONS lacks."""


def computation(name, needs_truth=False):
    def register(function):
        COMPUTATIONS[name] = (function, needs_truth)
        return function
    return register


def median(values):
    """The median of whole numbers; with an even count, the mean of the two middle ones
    rounded down."""
    if not values:
        return None
    values = sorted(values)
    middle = len(values) // 2
    if len(values) % 2:
        return values[middle]
    a, b = values[middle - 1], values[middle]
    return a + (b - a) // 2


def parse_time(text):
    """RFC 3339 in UTC with up to 9 fraction digits: (datetime, nanoseconds)."""
    date, _, rest = text.partition("T")
    clock = rest.rstrip("Z")
    whole, _, fraction = clock.partition(".")
    moment = datetime.datetime.fromisoformat(f"{date}T{whole}+00:00")
    nanos = int((fraction + "000000000")[:9]) if fraction else 0
    return moment, nanos


def first_reaction(message):
    """The earliest reaction time of a message, as (datetime, nanoseconds), or None."""
    first = None
    for reaction in message["reactions"]:
        for text in [reaction["firstAt"]] + [r["at"] for r in reaction["reactors"]]:
            if text is not None:
                moment = parse_time(text)
                first = moment if first is None or moment < first else first
    return first


class WeekMessages:
    """One week's messages, or a group's in that week, with what the figures count: its
    reactors, posters, delays to the first reaction, the emoji and conversations.

    messages: [(sent, sent nanoseconds, message of messages.jsonl)]; seen_reactors: the
    reactors of the weeks before in the same scope (new reactors), which gains this week's;
    replies: (verify_figures.Report, its Message values of these messages) when the truth is
    known; participation: the week's participation.Figures (a week's, not a group's), then too."""

    def __init__(self, messages, seen_reactors, replies=None, participation=None):
        self.messages, self.replies, self.participation = messages, replies, participation
        self.reactors, self.posters, self.delays, self.emoji, self.conversations = set(), set(), [], {}, {}
        self.new_reactors = 0
        for sent, sent_nanos, message in messages:
            if message["author"] is not None:
                self.posters.add((message["platform"], message["author"]["id"]))
            for reaction in message["reactions"]:
                self.emoji[reaction["key"]] = self.emoji.get(reaction["key"], 0) + reaction["count"]
                for reactor in reaction["reactors"]:
                    key = (message["platform"], reactor["id"])
                    self.reactors.add(key)
                    if key not in seen_reactors:
                        seen_reactors.add(key)
                        self.new_reactors += 1
            first = first_reaction(message)
            if first is not None:
                self.delays.append(max(0, int((int((first[0] - sent).total_seconds()) * 1_000_000_000
                                               + first[1] - sent_nanos) // 1_000_000_000)))
            key = (message["platform"], message["conversation"]["id"])
            c = self.conversations.setdefault(key, [message["conversation"]["name"], 0, 0])
            c[1] += 1
            c[2] += message["reactionCount"]

    def raw(self):
        return [message for _, _, message in self.messages]


@computation("messages")
def _messages(week):
    return len(week.messages)


@computation("reacted_messages")
def _reacted_messages(week):
    return sum(1 for m in week.raw() if m["reactionCount"] > 0)


@computation("reactions")
def _reactions(week):
    return sum(m["reactionCount"] for m in week.raw())


@computation("reactors")
def _reactors(week):
    return len(week.reactors)


@computation("posters")
def _posters(week):
    return len(week.posters)


@computation("median_reaction")
def _median_reaction(week):
    return median(week.delays)


@computation("new_reactors")
def _new_reactors(week):
    return week.new_reactors


@computation("replies", needs_truth=True)
def _replies(week):
    _, messages = week.replies
    return sum(1 for m in messages if m.reply_to is not None)


@computation("median_reply", needs_truth=True)
def _median_reply(week):
    report, messages = week.replies
    return median([s for s in map(report.first_reply_seconds, messages) if s is not None])


def p90(values):
    """The 90th percentile by nearest rank: sorted ascending, the element at ceil(0.9 n) - 1."""
    if not values:
        return None
    return sorted(values)[(9 * len(values) + 9) // 10 - 1]


def outcomes(week, questions=False):
    """The responses.Outcome of each answerable message of the week (only the questions' when
    `questions`)."""
    _, messages = week.replies
    return [m.outcome for m in messages
            if m.outcome.answerable and (m.outcome.question or not questions)]


def share(part, whole):
    return part / whole if whole else None


@computation("answerable_messages", needs_truth=True)
def _answerable_messages(week):
    return len(outcomes(week))


@computation("answered_messages", needs_truth=True)
def _answered_messages(week):
    return sum(1 for o in outcomes(week) if o.answered)


@computation("response_rate", needs_truth=True)
def _response_rate(week):
    return share(_answered_messages(week), _answerable_messages(week))


@computation("median_response", needs_truth=True)
def _median_response(week):
    return median([o.first for o in outcomes(week) if o.first is not None])


@computation("p90_response", needs_truth=True)
def _p90_response(week):
    return p90([o.first for o in outcomes(week) if o.first is not None])


@computation("questions", needs_truth=True)
def _questions(week):
    return len(outcomes(week, questions=True))


@computation("answered_questions", needs_truth=True)
def _answered_questions(week):
    return sum(1 for o in outcomes(week, questions=True) if o.answered)


@computation("question_response_rate", needs_truth=True)
def _question_response_rate(week):
    return share(_answered_questions(week), _questions(week))


@computation("median_question_response", needs_truth=True)
def _median_question_response(week):
    return median([o.first for o in outcomes(week, questions=True) if o.first is not None])


@computation("p90_question_response", needs_truth=True)
def _p90_question_response(week):
    return p90([o.first for o in outcomes(week, questions=True) if o.first is not None])


@computation("unanswered_questions", needs_truth=True)
def _unanswered_questions(week):
    return sum(1 for o in outcomes(week, questions=True) if not o.answered)


@computation("active_people", needs_truth=True)
def _active_people(week):
    return week.participation.active


@computation("posting_people", needs_truth=True)
def _posting_people(week):
    return week.participation.posting


@computation("reacting_only_people", needs_truth=True)
def _reacting_only_people(week):
    return week.participation.reacting_only


@computation("new_people", needs_truth=True)
def _new_people(week):
    return week.participation.new


@computation("returning_people", needs_truth=True)
def _returning_people(week):
    return week.participation.returning


@computation("core_people", needs_truth=True)
def _core_people(week):
    return week.participation.levels["core"]


@computation("regular_people", needs_truth=True)
def _regular_people(week):
    return week.participation.levels["regular"]


@computation("occasional_people", needs_truth=True)
def _occasional_people(week):
    return week.participation.levels["occasional"]


@computation("observer_people", needs_truth=True)
def _observer_people(week):
    return week.participation.levels["observer"]


# Mood (issue 30, item 6). The default polarity table is the one docs/cli.md prints (the tool's
# MoodTests keep the two equal): its "- positive:" and "- negative:" lines.
CLI_DOCS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "docs", "cli.md")
LARGEST = 2 ** 63 - 1


@functools.lru_cache(maxsize=None)
def default_polarity():
    """{"positive": [emoji…], "negative": [emoji…]} as docs/cli.md lists them."""
    with open(CLI_DOCS, encoding="utf-8") as f:
        text = f.read()
    table = {}
    for kind in ("positive", "negative"):
        start = text.index(f"- {kind}: ") + len(f"- {kind}: ")
        table[kind] = text[start:].split("\n- ")[0].split("\n\n")[0].split()
    return table


def polarity_key(text):
    """An emoji's key as the polarity table looks it up: without U+FE0F, U+FE0E and skin tones
    (U+1F3FB to U+1F3FF). A custom emoji's key (`:name:`) holds none of them."""
    return "".join(c for c in text if c not in "\ufe0f\ufe0e" and not 0x1F3FB <= ord(c) <= 0x1F3FF)


def mood(week):
    """(positive, negative): the sums of the counts of the week's reactions whose emoji key
    the settings' polarity table (`[polarity]`, emoji or `:name:` entries; docs/cli.md's table
    by default) makes positive and negative, each held at 2^63 - 1."""
    report, _ = week.replies
    positive = {polarity_key(e) for e in report.settings.positive}
    negative = {polarity_key(e) for e in report.settings.negative}
    sums = [0, 0]
    for message in week.raw():
        for reaction in message["reactions"]:
            key = polarity_key(reaction["key"])
            if key in positive:
                sums[0] += reaction["count"]
            elif key in negative:
                sums[1] += reaction["count"]
    return min(sums[0], LARGEST), min(sums[1], LARGEST)


@computation("positive_reactions", needs_truth=True)
def _positive_reactions(week):
    return mood(week)[0]


@computation("negative_reactions", needs_truth=True)
def _negative_reactions(week):
    return mood(week)[1]


@computation("positive_share", needs_truth=True)
def _positive_share(week):
    return share(mood(week)[0], sum(m["reactionCount"] for m in week.raw()))


@computation("negative_share", needs_truth=True)
def _negative_share(week):
    return share(mood(week)[1], sum(m["reactionCount"] for m in week.raw()))


@functools.lru_cache(maxsize=None)
def read(path):
    """The figures of the file at `path`, in order."""
    with open(path, encoding="utf-8") as f:
        return tuple(json.load(f)["figures"])


def load():
    """The figures of sql/figures.json (FIGURES_PATH), in order; MissingComputation when one that
    data/weeks.json holds has no computation here."""
    figures = read(FIGURES_PATH)
    for figure in figures:
        if (figure["week"] or figure["group"]) and figure["computation"] not in COMPUTATIONS:
            raise MissingComputation(
                f"{os.path.normpath(FIGURES_PATH)} names the figure {figure['key']!r}, computed by "
                f"{figure['computation']!r}, and exportgen/figures.py has no computation of that name: "
                f"add one to COMPUTATIONS")
    return figures


def keys(place):
    """The keys of the figures a week's object ("week") or a group's ("group") holds, in order."""
    return [figure["key"] for figure in read(FIGURES_PATH) if figure[place]]


def values(week, place, truth):
    """{key: expected value} of the figures in `place` ("week" or "group") computed from `week`
    (a WeekMessages): those that need the truth when `truth`, the others when not, all for None."""
    result = {}
    for figure in load():
        if not figure[place]:
            continue
        function, needs_truth = COMPUTATIONS[figure["computation"]]
        if truth is None or needs_truth == truth:
            result[figure["key"]] = function(week)
    return result
