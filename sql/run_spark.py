#!/usr/bin/env python3
"""Computes data/weeks.json from a facts folder with sql/weeks.spark.sql in Spark (local mode).

    python3 sql/run_spark.py OUT/data/facts -o weeks.json [--config reaction-report.toml]

The Spark twin of sql/weeks.py: the same tables (each with its columns and types; messages and
reactions with `ord`, their row's place in the file), the same report row (groups and
excludeBots added as weeks.py adds them) and the same writer, so that its weeks.json is
byte-identical to the tool's too. The session's time zone is UTC: the query reads the facts'
times as UTC and formats week boundaries itself. Needs PyPI pyspark and a Java runtime.
"""

import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import weeks  # noqa: E402  (sql/weeks.py: the tables, the settings, the JSON writer)

SPARK_TYPES = {"VARCHAR": "string", "BIGINT": "bigint", "BOOLEAN": "boolean", "VARCHAR[]": "array<string>"}


def load(spark, facts, report):
    """Registers the tables weeks.spark.sql reads as temporary views."""
    from pyspark.sql.functions import col, from_json

    for table, columns in weeks.TABLES.items():
        schema = ", ".join(f"`{name}` {SPARK_TYPES[kind]}" for name, kind in columns.items())
        path = os.path.join(facts, table + ".jsonl")
        # Each line with its place in the file (zipWithIndex keeps the partitions' order, and
        # one file's partitions are in file order), then parsed with the table's schema.
        lines = spark.read.text(path).rdd.zipWithIndex().map(lambda pair: (pair[0][0], pair[1] + 1))
        frame = spark.createDataFrame(lines, "line string, ord bigint")
        frame = frame.where("trim(line) <> ''").select(from_json(col("line"), schema).alias("row"), col("ord"))
        frame.select("row.*", "ord").createOrReplaceTempView(table)
    spark.createDataFrame(
        [(report["timezone"], report["topN"], report["firstWeek"], report["lastWeek"], report["groups"], report["excludeBots"])],
        "timezone string, topN bigint, firstWeek string, lastWeek string, groups array<string>, excludeBots boolean",
    ).createOrReplaceTempView("report")


def plain(item):
    """A Spark value as weeks.value() takes it: Rows as dicts in field order."""
    from pyspark.sql import Row

    if isinstance(item, Row):
        return {key: plain(value) for key, value in zip(item.__fields__, item)}
    if isinstance(item, list):
        return [plain(value) for value in item]
    return item


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("facts", help="the facts folder (OUT/data/facts)")
    parser.add_argument("-o", "--output", help="where to write weeks.json (default: standard output)")
    parser.add_argument("--config", help="the reaction-report.toml of the build (for groups and excludeBots)")
    parser.add_argument("--sql", default=os.path.join(weeks.SQL_DIR, "weeks.spark.sql"), help="the query")
    arguments = parser.parse_args()

    from pyspark.sql import SparkSession

    spark = (
        SparkSession.builder.master("local[2]").appName("reaction-report weeks")
        .config("spark.sql.session.timeZone", "UTC")
        .config("spark.ui.enabled", "false")
        .config("spark.sql.shuffle.partitions", "4")
        .getOrCreate()
    )
    spark.sparkContext.setLogLevel("ERROR")
    try:
        report = weeks.settings(arguments.facts, arguments.config)
        load(spark, arguments.facts, report)
        with open(arguments.sql, encoding="utf-8") as file:
            query = file.read()
        frame = spark.sql(query)
        rows = [[plain(value) for value in row] for row in frame.collect()]
        text = weeks.weeks_json(report["timezone"], frame.columns, rows)
    finally:
        spark.stop()
    if arguments.output:
        with open(arguments.output, "w", encoding="utf-8", newline="") as file:
            file.write(text)
    else:
        sys.stdout.write(text)


if __name__ == "__main__":
    main()
