#!/usr/bin/env python3
"""Computes data/weeks.json from a facts folder (data/facts) with sql/weeks.sql in DuckDB.

    python3 sql/weeks.py OUT/data/facts -o weeks.json [--config reaction-report.toml]

The facts tables are loaded as they are (docs/facts.md), each with its columns and types
given, so that an empty table loads too; messages and reactions get `ord`, their row's place
in the file, which is the report's order. The query's rows are written as the tool writes
data/weeks.json (Sources/ReactionReportKit/Render/WeeksRecord.swift): compact JSON, keys in
the query's column and field order, one week a line, strings escaped as the tool escapes them,
so that the two files are byte-identical.

Two settings that the figures depend on are not in report.jsonl as docs/facts.md has it: the
configured groups in their order (a group that no conversation belongs to still appears in
every week) and excludeBots. They are read from report.jsonl when it has them (`groups`,
`excludeBots`), else from --config (the reaction-report.toml the report was built with), else
guessed from the other tables: the groups in the order the conversations name them, and
excludeBots on unless some bot is not excluded.
"""

import argparse
import json
import os
import sys
import tomllib

SQL_DIR = os.path.dirname(os.path.abspath(__file__))

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
    },
}


def read_jsonl(path):
    with open(path, encoding="utf-8") as file:
        return [json.loads(line) for line in file if line.strip()]


def settings(facts, config):
    """The report row the query reads: report.jsonl's settings, with groups and excludeBots."""
    report = read_jsonl(os.path.join(facts, "report.jsonl"))[0]
    configured = {}
    if config:
        with open(config, "rb") as file:
            configured = tomllib.load(file)
    groups = report.get("groups")
    if groups is None and config:
        groups = list(configured.get("groups", {}).keys())
    if groups is None:
        # The order the conversations name the groups in: right when every group has a
        # conversation and the conversations' lists agree on the order.
        groups = []
        for conversation in read_jsonl(os.path.join(facts, "conversations.jsonl")):
            for name in conversation["groups"]:
                if name not in groups:
                    groups.append(name)
    exclude_bots = report.get("excludeBots")
    if exclude_bots is None and config:
        exclude_bots = configured.get("excludeBots", True)
    if exclude_bots is None:
        people = read_jsonl(os.path.join(facts, "people.jsonl"))
        exclude_bots = not any(person["bot"] and not person["excluded"] for person in people)
    return {
        "timezone": report["timezone"], "topN": report["topN"], "firstWeek": report["firstWeek"],
        "lastWeek": report["lastWeek"], "groups": groups, "excludeBots": exclude_bots,
    }


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


def load(connection, facts, report):
    """Creates the tables weeks.sql reads."""
    for table, columns in TABLES.items():
        spec = "{" + ", ".join(f"'{name}': '{kind}'" for name, kind in columns.items()) + "}"
        path = os.path.join(facts, table + ".jsonl").replace("'", "''")
        connection.execute(
            f"CREATE TABLE {table} AS SELECT *, ordinality AS ord FROM "
            f"read_json('{path}', format = 'newline_delimited', columns = {spec}) WITH ORDINALITY")
    connection.execute(
        "CREATE TABLE report (timezone VARCHAR, topN BIGINT, firstWeek VARCHAR, lastWeek VARCHAR, "
        "groups VARCHAR[], excludeBots BOOLEAN)")
    connection.execute(
        "INSERT INTO report VALUES (?, ?, ?, ?, ?, ?)",
        [report["timezone"], report["topN"], report["firstWeek"], report["lastWeek"], report["groups"], report["excludeBots"]])


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("facts", help="the facts folder (OUT/data/facts)")
    parser.add_argument("-o", "--output", help="where to write weeks.json (default: standard output)")
    parser.add_argument("--config", help="the reaction-report.toml of the build (for groups and excludeBots)")
    parser.add_argument("--sql", default=os.path.join(SQL_DIR, "weeks.sql"), help="the query (default: sql/weeks.sql)")
    arguments = parser.parse_args()

    import duckdb

    report = settings(arguments.facts, arguments.config)
    connection = duckdb.connect()
    load(connection, arguments.facts, report)
    with open(arguments.sql, encoding="utf-8") as file:
        query = file.read()
    result = connection.execute(query)
    columns = [column[0] for column in result.description]
    text = weeks_json(report["timezone"], columns, result.fetchall())
    if arguments.output:
        with open(arguments.output, "w", encoding="utf-8", newline="") as file:
            file.write(text)
    else:
        sys.stdout.write(text)


if __name__ == "__main__":
    main()
