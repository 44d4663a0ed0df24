"""The world the ground-truth exports describe, shared by every platform writer: people and
their names, the words messages are made of, times, and the reaction rules (which values exist,
what key the tool gives each, how many people hold a reaction, how to pick several distinct
ones). Platform-specific tables (Slack names, Discord codes, …) live with their writers.

Every function that takes `rng` draws from it in a fixed order: the same seed gives the same
export, so nothing here may change the order of its draws.
"""

import datetime

# --------------------------------------------------------------------------------------------
# Times and ids
# --------------------------------------------------------------------------------------------

EPOCH = datetime.datetime(1970, 1, 1)
UTC = datetime.timezone.utc


def moment(micros):
    """The naive UTC datetime `micros` microseconds after the Unix epoch."""
    return EPOCH + datetime.timedelta(microseconds=micros)


_DAYS = {}


def utc_day(seconds):
    """The UTC date of a Unix time, YYYY-MM-DD (cached per day: called once per message)."""
    day = seconds // 86400
    text = _DAYS.get(day)
    if text is None:
        text = _DAYS[day] = moment(day * 86400 * 10 ** 6).strftime("%Y-%m-%d")
    return text


HEX = "0123456789abcdef"


def random_chars(rng, alphabet, count):
    """`count` characters drawn from `alphabet`, one at a time."""
    return "".join(rng.choice(alphabet) for _ in range(count))


def uuid_text(rng, first):
    """A version-4 UUID whose first 32 bits are `first` (a serial keeps ids in creation order)."""
    return "%08x-%04x-4%03x-%04x-%012x" % (first, rng.getrandbits(16), rng.getrandbits(12),
                                           0x8000 | rng.getrandbits(14), rng.getrandbits(48))


# --------------------------------------------------------------------------------------------
# People
# --------------------------------------------------------------------------------------------

FIRST = ["Ada", "Bob", "Carol", "Dev", "Emi", "Felix", "Grace", "Hugo", "Ines", "Jonas", "Kemi",
         "Lars", "Mina", "Nils", "Olu", "Priya", "Quinn", "Rosa", "Sami", "Tove", "Umar", "Vera",
         "Wen", "Xavi", "Yara", "Zoe"]
LAST = ["Okafor", "Lind", "Diaz", "Patel", "Tanaka", "Braun", "Hopper", "Moreau", "Silva",
        "Berg", "Adeyemi", "Nilsen", "Cho", "Keller", "Bello", "Rao", "Murphy", "Costa", "Haddad",
        "Strand"]


def person_names(count):
    """`count` display names "First Last", the first 26 the named cast (Ada Okafor, Bob Lind…)."""
    names = []
    for i in range(count):
        last = LAST[(i if i < len(FIRST) else i * 7) % len(LAST)]
        names.append(f"{FIRST[i % len(FIRST)]} {last}")
    return names


def make_people(count=400):
    """[(id, display name)]: the named cast first (ada, bob, …), then u0026… with made-up names."""
    return [(name.split(" ")[0].lower() if i < len(FIRST) else f"u{i:04d}", name)
            for i, name in enumerate(person_names(count))]


# The people of PubNub, Stream and CometChat (the other platforms make ids of their own shape).
PEOPLE = make_people()
NAMES = dict(PEOPLE)
PEOPLE_IDS = [p for p, _ in PEOPLE]

# --------------------------------------------------------------------------------------------
# Text
# --------------------------------------------------------------------------------------------

WORDS = ("deploy build ship review merge fix bug release staging prod latency cache queue "
         "schema migration rollback dashboard metrics alert oncall incident postmortem launch "
         "beta customer ticket invoice pricing docs changelog roadmap sprint demo retro api "
         "endpoint webhook token flaky test pipeline canary hotfix branch tag version").split()
EXTRAS = [' "quoted"', " **bold**", " `make test`", " [notes](https://example.com/notes?a=1&b=2)",
          "\nsecond line", " ☕", " naïve café", " C:\\temp\\logs", " 🚀", " <b>not html</b>",
          " 50% done", " ẞ ß Ω 漢字", " tab\there", " \u2028sep"]


def some_words(rng, fewest, most):
    """Between `fewest` and `most` words, space-separated."""
    return " ".join(rng.choice(WORDS) for _ in range(rng.randint(fewest, most)))


def capitalized(text):
    return text[0].upper() + text[1:]


def sentence_start(rng):
    """Two to twelve words, the first capitalized: how every message begins."""
    return capitalized(some_words(rng, 2, 12))


def sentence_end(rng, text):
    return text + rng.choice((".", "?", "!", ""))


def make_text(rng):
    """A message: a few words, sometimes Markdown, quotes, odd characters or a second line."""
    text = sentence_start(rng)
    if rng.random() < 0.35:
        text += rng.choice(EXTRAS)
    return sentence_end(rng, text)


# --------------------------------------------------------------------------------------------
# Reactions
# --------------------------------------------------------------------------------------------

# Names that resolve through the tool's table (Stream default types) and one custom name that
# is in no emoji table. Use no other names: anything else might be an iamcal shortcode.
NAME_KEYS = {
    "like": "👍", "love": "❤", "haha": "😂", "wow": "😮", "sad": "😔", "angry": "😠",
    "zz_partyblob": ":zz_partyblob:",
}

# Unicode reaction values. Several spellings of one key on purpose: ❤ / ❤️, ☺ / ☺️.
UNICODE_VALUES = [
    "👍", "👍", "👍", "❤️", "❤️", "❤", "😂", "😂", "🎉", "🎉", "🔥", "🔥", "👀", "🙏", "✅",
    "👍🏽", "🧑‍💻", "🏳️‍🌈", "☺️", "☺", "😮", "🚀",
]
NAME_VALUES = ["like", "love", "haha", "wow", "sad", "angry", "zz_partyblob"]


def unicode_key(value):
    """The tool's key for a Unicode emoji: U+FE0F and U+FE0E removed, ZWJ kept."""
    return value.replace("\ufe0f", "").replace("\ufe0e", "")


def reaction_key(value):
    """The tool's key for a PubNub, Stream or CometChat value: names via NAME_KEYS."""
    if value in NAME_KEYS:
        return NAME_KEYS[value]
    return unicode_key(value)


def spellings_by_key(values, key_of):
    """{key: [every value spelling it]}, in the order of `values`: the values one person can add
    as "the same" reaction twice."""
    spellings = {}
    for value in values:
        spellings.setdefault(key_of(value), []).append(value)
    return spellings


SPELLINGS = spellings_by_key(
    sorted(set(UNICODE_VALUES + NAME_VALUES + ["❤️", "❤", "love", "like", "👍", "☺", "☺️"])),
    reaction_key)


def pick_value(rng):
    """A reaction value: mostly Unicode, sometimes a name (~15 %)."""
    if rng.random() < 0.15:
        return rng.choice(NAME_VALUES)
    return rng.choice(UNICODE_VALUES)


def pick_distinct(draw, count, key_of):
    """Up to `count` results of `draw()` with pairwise different keys (at most count × 4 draws)."""
    chosen, keys = [], set()
    for _ in range(count * 4):
        if len(chosen) == count:
            break
        entry = draw()
        key = key_of(entry)
        if key not in keys:
            keys.add(key)
            chosen.append(entry)
    return chosen


def pick_distinct_values(rng, count):
    """`count` values from pick_value with pairwise different keys (one spelling per key)."""
    return pick_distinct(lambda: pick_value(rng), count, reaction_key)


def pick_weighted_distinct(rng, table, weights, count, key_of):
    """Up to `count` entries of `table`, drawn by weight, with pairwise different keys."""
    return pick_distinct(lambda: rng.choices(table, weights)[0], count, key_of)


def reaction_count_for(rng, popular):
    """How many people hold one reaction: usually a few, on popular messages many."""
    if popular:
        return rng.randint(11, 60)
    return rng.choice((1, 1, 1, 2, 2, 3, 4, 5))


def split_counts(rng, total, weights):
    """Splits `total` over len(weights) parts, each part >= 1 when total allows it."""
    counts = [1 if i < total else 0 for i in range(len(weights))]
    for _ in range(total - sum(counts)):
        counts[rng.choices(range(len(weights)), weights)[0]] += 1
    return counts


# --------------------------------------------------------------------------------------------
# Time between messages
# --------------------------------------------------------------------------------------------

QUIET_SPELL = 0.003                        # of the gaps between two messages of a timeline
QUIET_DAYS = (1, 1, 2, 2, 3, 5, 8, 13)


def quiet_spell(rng):
    """Seconds of silence to add before a message: none mostly; now and then a quiet spell of
    one to thirteen days, so that a few thousand messages span several weeks, a week may be
    empty, and a reply may come weeks after what it answers."""
    if rng.random() < QUIET_SPELL:
        return rng.choice(QUIET_DAYS) * 86400 + rng.randint(0, 86399)
    return 0


# --------------------------------------------------------------------------------------------
# Replies and bots
# --------------------------------------------------------------------------------------------

REPLY = 0.15          # share of messages that answer another, where the platform has replies
SELF_REPLY = 0.2      # of replies, written by the root's own author (no first reply)
LOST_PARENT = 0.03    # of replies, to a message the export does not hold (deleted, or older)
OLDER_PARENT = 0.12   # of replies, to any earlier message: hours to weeks later
BOT_MESSAGE = 0.04    # share of messages a bot writes, where the platform marks bots
UNKNOWN_AUTHOR = 0.03  # share of messages without an author, where the platform allows it


def is_reply(rng):
    return rng.random() < REPLY


def is_bot_message(rng):
    return rng.random() < BOT_MESSAGE


def is_unknown_author(rng):
    return rng.random() < UNKNOWN_AUTHOR


def parent_choice(rng):
    """Which message a reply answers: "recent" (one of the last few of its conversation),
    "older" (any earlier one) or "lost" (one the export does not hold: the reply still counts,
    and its parent gets no first reply)."""
    r = rng.random()
    if r < LOST_PARENT:
        return "lost"
    return "older" if r < LOST_PARENT + OLDER_PARENT else "recent"


def reply_author(rng, root_author, authors):
    """Who answers: now and then the root's own author (even an unknown one, None: an unknown
    author answering an unknown author is the same author), else anyone of `authors`."""
    if rng.random() < SELF_REPLY:
        return root_author
    return rng.choice(authors)


class ReplyTargets:
    """The messages of one conversation that a new message can answer: the last RECENT ones,
    and a uniform sample (a reservoir of KEPT) of all of them, whatever the writer keeps for
    each (an id, its author, …)."""

    RECENT, KEPT = 30, 200

    def __init__(self):
        self.recent, self.kept, self.seen = [], [], 0

    def __bool__(self):
        return self.seen > 0

    def add(self, rng, entry):
        self.recent.append(entry)
        if len(self.recent) > self.RECENT:
            self.recent.pop(0)
        self.seen += 1
        if len(self.kept) < self.KEPT:
            self.kept.append(entry)
        else:
            slot = rng.randrange(self.seen)
            if slot < self.KEPT:
                self.kept[slot] = entry

    def pick(self, rng, choice):
        """An entry for parent_choice's "recent" or "older" (not "lost")."""
        return rng.choice(self.recent if choice == "recent" else self.kept)


# --------------------------------------------------------------------------------------------
# The report's settings (reaction-report.toml beside the export)
# --------------------------------------------------------------------------------------------

# responseWindow per platform (the others keep the default, 48 h): windows in the middle of the
# generated reply and reaction delays, so that responses fall on both sides of them.
RESPONSE_WINDOWS = {"slack": "6h", "discord": "2h", "matrix": "30m", "stream": "1d"}


def report_settings(conversations, authors, platform):
    """What the build is configured with, from a writer's conversations [(id, name)] in its own
    order and its frequent authors [(id, name or None)], names as the tool shows them (a
    person whose name changes during the export must not be among the authors), and its
    platform:

    - excludePeople: the second author by id, and the first author after that who has a name,
      by that name in swapped case (names match ignoring case; whoever else has the name is
      left out too);
    - groups, in this order: "named" (the first conversation by its name in upper case, the
      second by its id), "starred" (the second again, by its name's first two letters and a
      `*`, and whatever ends like the last one's name: the second is in two groups) and
      "nothing" (a pattern no conversation matches: zeros and nulls every week);
    - supportConversations: whatever ends like the last conversation's name (in upper case)
      and the third conversation by its id (every message there is a question);
    - responseWindow: RESPONSE_WINDOWS's, or None (the default).

    Returns (excludePeople, [(group name, entries)], supportConversations, responseWindow)."""
    exclude = [authors[1][0]] if len(authors) > 1 else []
    exclude += [name.swapcase() for _, name in authors[2:] if name and name.swapcase() != name][:1]
    first = conversations[0]
    second = conversations[1] if len(conversations) > 1 else first
    last = conversations[-1]
    groups = [("named", [first[1].upper(), second[0]]),
              ("starred", [second[1][:2].lower() + "*", "*" + last[1][-3:].lower()]),
              ("nothing", ["no-such-conversation-*"])]
    support = ["*" + last[1][-5:].upper()] + [c[0] for c in conversations[2:3]]
    return exclude, groups, support, RESPONSE_WINDOWS.get(platform)
