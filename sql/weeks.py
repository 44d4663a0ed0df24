#!/usr/bin/env python3
"""Computes data/weeks.json from facts folders (data/facts) with sql/weeks.sql in DuckDB.

    python3 sql/weeks.py OUT/data/facts -o weeks.json
    python3 sql/weeks.py S1/data/facts S2/data/facts ... SN/data/facts -o weeks.json

The facts tables are loaded as they are (docs/facts.md), each with its columns and types
given, so that an empty table loads too; messages and reactions get `ord`, their row's place
in the file, which is the report's order. The query's rows are written as the tool writes
data/weeks.json (Sources/ReactionReportKit/Render/WeeksRecord.swift): compact JSON, keys in
the query's column and field order, one week a line, strings escaped as the tool escapes them,
so that the two files are byte-identical.

The settings come from report.jsonl: timezone, topN, the weeks, the configured groups in their
order (a group that no conversation belongs to still appears in every week), excludeBots,
responseWindow (whole seconds), questionMarks, engagementLevels (core and regular days) and the
positive and negative emoji keys of the polarity table.

Several folders are the facts of the N shards of one build (`--shard K/N`): all N of them,
whose report.jsonl rows agree apart from `shard` and the weeks (each shard's own messages'
weeks: the report's run from the earliest to the latest). Their tables are put together (a
conversation cut across shards by days has a row in each of them, kept once) and `ord` numbers
the messages in the report's order over all of them: by time (none last), platform,
conversation (UTF-8 bytes), then the order within their shard (one instant of a conversation is
in one shard); a reaction follows its message. The query sees one report.
"""

import argparse
import json
import os
import sys

SQL_DIR = os.path.dirname(os.path.abspath(__file__))

# The report.jsonl keys the query reads besides timezone, topN and the weeks: facts written
# without one are from an older reaction-report.
REPORT_KEYS = ("groups", "excludeBots", "responseWindow", "questionMarks", "engagementLevels", "positive", "negative")

# Each table's columns and types, in docs/facts.md's order (the DuckDB spelling; run_spark.py
# maps them to Spark's).
TABLES = {
    "messages": {
        "platform": "VARCHAR", "conversation": "VARCHAR", "id": "VARCHAR", "author": "VARCHAR",
        "authorName": "VARCHAR", "sentAt": "VARCHAR", "week": "VARCHAR", "thread": "VARCHAR",
        "replyTo": "VARCHAR", "fromBot": "BOOLEAN", "deleted": "BOOLEAN", "markup": "VARCHAR",
        "text": "VARCHAR", "paidStars": "BIGINT", "reactionCount": "BIGINT",
    },
    "totals": {
        "platform": "VARCHAR", "conversation": "VARCHAR", "message": "VARCHAR", "position": "BIGINT",
        "key": "VARCHAR", "emoji": "VARCHAR", "name": "VARCHAR", "custom": "BOOLEAN", "image": "VARCHAR",
        "count": "BIGINT", "listed": "BIGINT", "complete": "BOOLEAN", "firstAt": "VARCHAR",
    },
    "reactions": {
        "platform": "VARCHAR", "conversation": "VARCHAR", "message": "VARCHAR", "key": "VARCHAR",
        "reactor": "VARCHAR", "reactorName": "VARCHAR", "at": "VARCHAR",
    },
    "people": {
        "platform": "VARCHAR", "id": "VARCHAR", "name": "VARCHAR", "bot": "BOOLEAN", "excluded": "BOOLEAN",
    },
    "conversations": {
        "platform": "VARCHAR", "id": "VARCHAR", "name": "VARCHAR", "direct": "BOOLEAN", "groups": "VARCHAR[]",
        "support": "BOOLEAN",
    },
}


def read_jsonl(path):
    with open(path, encoding="utf-8") as file:
        return [json.loads(line) for line in file if line.strip()]


def fail(message):
    sys.exit(f"{os.path.basename(sys.argv[0])}: {message}")


def settings(folders):
    """The report row the query reads, from the folders' report.jsonl (several: all the shards
    of one build, their weeks widened to the report's)."""
    rows = []
    for facts in folders:
        path = os.path.join(facts, "report.jsonl")
        table = read_jsonl(path)
        if len(table) != 1:
            fail(f"{path}: report.jsonl must hold exactly one row")
        missing = [key for key in REPORT_KEYS if key not in table[0]]
        if missing:
            fail(f"{path}: no {' or '.join(missing)}: facts written before reaction-report put them in "
                 "report.jsonl; build them again")
        if table[0].get("anonymizeAtJoin"):
            fail(f"{path}: the facts of a shard of an anonymized build hold the real names for the join to replace; "
                 "join the shards first (reaction-report build S1/data/facts … SN/data/facts --anonymize --format facts -o joined) "
                 "and run this on joined/data/facts")
        rows.append(table[0])
    report = dict(rows[0])
    if len(rows) > 1:
        shards = [row.get("shard") for row in rows]
        counts = {shard.split("/")[1] if shard else None for shard in shards}
        if None in counts or len(counts) != 1 or sorted(int(shard.split("/")[0]) for shard in shards) != list(
                range(1, int(counts.pop()) + 1)):
            fail(f"several facts folders must be all the shards of one build, each once (K/N for K = 1…N); "
                 f"these are {', '.join(str(shard) for shard in shards)}")
        for facts, row in zip(folders, rows):
            differing = [key for key in sorted(set(row) | set(report))
                         if key not in ("shard", "firstWeek", "lastWeek") and row.get(key) != report.get(key)]
            if differing:
                fail(f"{facts}: report.jsonl differs from {folders[0]}'s in {', '.join(differing)}: "
                     "the shards must come from one input built with the same options")
        firsts = [row["firstWeek"] for row in rows if row["firstWeek"] is not None]
        lasts = [row["lastWeek"] for row in rows if row["lastWeek"] is not None]
        report["firstWeek"] = min(firsts) if firsts else None
        report["lastWeek"] = max(lasts) if lasts else None
    return {key: report[key] for key in ("timezone", "topN", "firstWeek", "lastWeek") + REPORT_KEYS}


def quote(text):
    """A JSON string as the tool writes one (ByteBuffer.appendJSONString): `"`, `\\`, control
    characters and DEL escaped (\\n, \\r, \\t, else \\u00xx), and U+2028 and U+2029; the rest
    as it is."""
    out = ['"']
    for char in text:
        code = ord(char)
        if char == '"':
            out.append('\\"')
        elif char == "\\":
            out.append("\\\\")
        elif char == "\n":
            out.append("\\n")
        elif char == "\r":
            out.append("\\r")
        elif char == "\t":
            out.append("\\t")
        elif code < 0x20 or code == 0x7F:
            out.append("\\u00%02x" % code)
        elif code in (0x2028, 0x2029):
            out.append("\\u%04x" % code)
        else:
            out.append(char)
    out.append('"')
    return "".join(out)


def value(item):
    """JSON text of a query value: null, true/false, an integer, a string, a list (null for an
    empty one, as a LEFT JOIN gives) or a struct (a dict in field order)."""
    if item is None:
        return "null"
    if isinstance(item, bool):
        return "true" if item else "false"
    if isinstance(item, int):
        return str(item)
    if isinstance(item, str):
        return quote(item)
    if isinstance(item, (list, tuple)):
        return "[" + ",".join(value(element) for element in item) + "]"
    if isinstance(item, dict):
        return "{" + ",".join(quote(key) + ":" + value(element) for key, element in item.items()) + "}"
    raise TypeError(f"no JSON for {type(item).__name__}")


LIST_COLUMNS = ("topMessages", "topEmoji", "topReactors", "topReceivers", "topPairs", "conversations", "groups")


def weeks_json(timezone, columns, rows):
    """data/weeks.json's text: {"timezone":…,"weeks":[ then one week a line ]}."""
    weeks = []
    for row in rows:
        members = []
        for name, item in zip(columns, row):
            if name in LIST_COLUMNS and item is None:
                item = []
            members.append(quote(name) + ":" + value(item))
        weeks.append("{" + ",".join(members) + "}")
    return "{" + quote("timezone") + ":" + quote(timezone) + "," + quote("weeks") + ":[\n" + ",\n".join(weeks) + "]}\n"


# Nanoseconds since 1970 of an RFC 3339 time in UTC (as weeks.sql reads them).
TIME_NS = ("CAST(epoch(strptime(substr({0}, 1, 19), '%Y-%m-%dT%H:%M:%S')) AS BIGINT) * 1000000000"
           " + CAST(rpad(regexp_extract({0}, '[.]([0-9]+)Z$', 1), 9, '0') AS BIGINT)")


def load(connection, folders, report):
    """Creates the tables weeks.sql reads, from one facts folder or all the shards' folders."""
    for table, columns in TABLES.items():
        spec = "{" + ", ".join(f"'{name}': '{kind}'" for name, kind in columns.items()) + "}"
        sources = []
        for part, facts in enumerate(folders):
            path = os.path.join(facts, table + ".jsonl").replace("'", "''")
            sources.append(
                f"SELECT *, ordinality AS ord, {part} AS part FROM "
                f"read_json('{path}', format = 'newline_delimited', columns = {spec}) WITH ORDINALITY")
        if len(folders) == 1:
            connection.execute(f"CREATE TABLE {table} AS SELECT * EXCLUDE (part) FROM ({sources[0]})")
        else:
            connection.execute(f"CREATE TEMPORARY TABLE {table}_parts AS " + " UNION ALL ".join(sources))
    if len(folders) > 1:
        # The report's order over all the shards: one day of a conversation is in one shard,
        # whose file has its messages in order; a reaction follows its message.
        connection.execute(
            "CREATE TABLE messages AS SELECT * EXCLUDE (ord, part), row_number() OVER (ORDER BY "
            + TIME_NS.format("sentAt") + " NULLS LAST, platform, conversation, part, ord) AS ord FROM messages_parts")
        connection.execute(
            "CREATE TABLE reactions AS SELECT r.* EXCLUDE (ord, part), row_number() OVER (ORDER BY m.ord NULLS LAST, r.part, r.ord) AS ord "
            "FROM reactions_parts r LEFT JOIN messages m "
            "ON m.platform = r.platform AND m.conversation = r.conversation AND m.id = r.message")
        for table in ("totals", "people"):
            connection.execute(
                f"CREATE TABLE {table} AS SELECT * EXCLUDE (ord, part), row_number() OVER (ORDER BY part, ord) AS ord FROM {table}_parts")
        # A conversation cut across shards by days is in each of them: once here.
        connection.execute(
            "CREATE TABLE conversations AS SELECT * EXCLUDE (ord, part, copy), row_number() OVER (ORDER BY part, ord) AS ord FROM "
            "(SELECT *, row_number() OVER (PARTITION BY platform, id ORDER BY part, ord) AS copy FROM conversations_parts) "
            "WHERE copy = 1")
    connection.execute(
        "CREATE TABLE report (timezone VARCHAR, topN BIGINT, firstWeek VARCHAR, lastWeek VARCHAR, "
        "groups VARCHAR[], excludeBots BOOLEAN, responseWindow BIGINT, questionMarks VARCHAR, "
        "coreDays BIGINT, regularDays BIGINT, positive VARCHAR[], negative VARCHAR[])")
    connection.execute(
        "INSERT INTO report VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [report["timezone"], report["topN"], report["firstWeek"], report["lastWeek"], report["groups"], report["excludeBots"],
         report["responseWindow"], report["questionMarks"], report["engagementLevels"]["core"],
         report["engagementLevels"]["regular"], report["positive"], report["negative"]])


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("facts", nargs="+", help="the facts folder (OUT/data/facts), or those of all the shards")
    parser.add_argument("-o", "--output", help="where to write weeks.json (default: standard output)")
    parser.add_argument("--sql", default=os.path.join(SQL_DIR, "weeks.sql"), help="the query (default: sql/weeks.sql)")
    arguments = parser.parse_args()

    import duckdb

    report = settings(arguments.facts)
    connection = duckdb.connect()
    load(connection, arguments.facts, report)
    with open(arguments.sql, encoding="utf-8") as file:
        query = file.read()
    result = connection.execute(query)
    columns = [column[0] for column in result.description]
    write_weeks(weeks_json(report["timezone"], columns, result.fetchall()), arguments.output)


def write_weeks(text, output):
    """Writes weeks.json to the file `output`, or to standard output when it is None."""
    if output:
        with open(output, "w", encoding="utf-8", newline="") as file:
            file.write(text)
    else:
        sys.stdout.write(text)


if __name__ == "__main__":
    main()
