"""Issue 30's participation figures, engagement levels and weekly cohorts, computed
independently of the tool's Sources/ReactionReportKit/Analysis/Participation.swift (the rules:
docs/cli.md "Participation" and "Retention").

- Who counts: people only. Someone the platform marks as a bot (expected-bots.json) or whom
  the rankings leave out (excludeBots, excludePeople) is in none of it; a fromBot message is
  no one's post; a message without a time is in no week.
- Active in week W (the report's weeks, from the first message's to the last's, empty weeks
  included): the author of a message of W (not fromBot), or a listed reactor of any emoji on
  a message of W (whatever the reaction's own time).
- Per week: active, posting (with a post), reacting only (without), new (active in no earlier
  week), returning (active in an earlier week, not in the week before), and the people at each
  level over the window of W and the three weeks before it (those of the report): for each
  person active in a week of the window, d = the distinct local days of their posts there;
  core when d >= core, regular when d >= regular, occasional when d >= 1, observer when d = 0.
- A person's level (data/people.csv): the level over the report's last four weeks.
- A cohort: the people first active in week C (only weeks where someone was new); active[k-1]
  how many of them are active in week C+k (k = 1 ... 12), None past the report's last week.
"""

import json

DEFAULT_CORE, DEFAULT_REGULAR = 8, 3
LEVELS = ("core", "regular", "occasional", "observer")
WINDOW_WEEKS = 4
COHORT_WEEKS = 12


class Figures:
    """One week's participation figures; `levels`: {level: people}."""

    __slots__ = ("active", "posting", "reacting_only", "new", "returning", "levels")

    def __init__(self, active, posting, new, returning, levels):
        self.active, self.posting = len(active), len(posting)
        self.reacting_only = len(active - posting)
        self.new, self.returning = len(new), len(returning)
        self.levels = {level: sum(1 for v in levels.values() if v == level) for level in LEVELS}


class Participation:
    """What the report's weeks, in order, give: `weeks` (name -> Figures), `levels` (person ->
    level over the last four weeks) and `cohorts` ([(week, people, active)], oldest first).

    messages: verify_figures.Message values (with `day`, the local date, and the truth);
    names: the report's weeks in order; left_out: the people (platform, id) who count in none
    of it."""

    def __init__(self, messages, names, left_out, core=DEFAULT_CORE, regular=DEFAULT_REGULAR):
        self.core, self.regular = core, regular
        place = {name: i for i, name in enumerate(names)}
        self.active = [set() for _ in names]
        self.days = [{} for _ in names]          # per week: person -> the local days of their posts
        for m in messages:
            if m.week is None:
                continue
            i = place[m.week]
            if m.author is not None and not m.from_bot and (m.platform, m.author) not in left_out:
                person = (m.platform, m.author)
                self.active[i].add(person)
                self.days[i].setdefault(person, set()).add(m.day)
            for reactor, _ in m.listings():
                if (m.platform, reactor) not in left_out:
                    self.active[i].add((m.platform, reactor))
        self.weeks, earlier, first = {}, set(), {}
        for i, name in enumerate(names):
            active = self.active[i]
            before = self.active[i - 1] if i > 0 else set()
            new = active - earlier
            returning = {p for p in active & earlier if p not in before}
            for person in new:
                first[person] = i
            earlier |= active
            self.weeks[name] = Figures(active, set(self.days[i]), new, returning, self.window_levels(i))
        self.levels = self.window_levels(len(names) - 1) if names else {}
        self.cohorts = []
        for i, name in enumerate(names):
            people = {p for p, week in first.items() if week == i}
            if people:
                self.cohorts.append((name, len(people), [
                    len(people & self.active[i + k]) if i + k < len(names) else None
                    for k in range(1, COHORT_WEEKS + 1)]))

    def window_levels(self, last):
        """{person: level} of everyone active in the weeks last-3 ... last."""
        weeks = range(max(0, last - WINDOW_WEEKS + 1), last + 1)
        people = set().union(*(self.active[i] for i in weeks))
        levels = {}
        for person in people:
            d = len(set().union(*(self.days[i].get(person, set()) for i in weeks)))
            levels[person] = ("core" if d >= self.core else "regular" if d >= self.regular
                              else "occasional" if d >= 1 else "observer")
        return levels

    def cohorts_json(self, timezone):
        """data/cohorts.json as the tool writes it."""
        lines = [json.dumps({"week": week, "people": people, "active": active}, separators=(",", ":"))
                 for week, people, active in self.cohorts]
        head = '{"timezone":' + json.dumps(timezone, ensure_ascii=False) + \
            f',"weeksAfter":{COHORT_WEEKS},"cohorts":['
        return head + ("\n" + ",\n".join(lines) if lines else "") + "]}\n"

    def cohorts_csv(self):
        """data/cohorts.csv as the tool writes it: CRLF, empty cells past the report's end."""
        rows = [["week", "people"] + [f"week{k}" for k in range(1, COHORT_WEEKS + 1)]]
        for week, people, active in self.cohorts:
            rows.append([week, str(people)] + ["" if n is None else str(n) for n in active])
        return "".join(",".join(row) + "\r\n" for row in rows)
