#!/usr/bin/env python3
"""Computes data/weeks.json from facts folders with sql/weeks.spark.sql in Spark (local mode).

    python3 sql/run_spark.py OUT/data/facts -o weeks.json
    python3 sql/run_spark.py S1/data/facts ... SN/data/facts -o weeks.json

The Spark twin of sql/weeks.py: the same tables (each with its columns and types; messages and
reactions with `ord`, their row's place in the report's order), the same report row (read from
report.jsonl, the shards' put together as weeks.py does) and the same writer, so that its
weeks.json is byte-identical to the tool's too. With several folders (all the shards of one
build) the tables are put together and `ord` is the report's order over all of them, made by a
distributed sort (increasing, not consecutive). The session's time zone is UTC: the query reads
the facts' times as UTC and formats week boundaries itself. Needs PyPI pyspark and a Java
runtime. SPARK_MASTER picks the master (default local[2]).
"""

import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import weeks  # noqa: E402  (sql/weeks.py: the tables, the settings, the JSON writer)

SPARK_TYPES = {"VARCHAR": "string", "BIGINT": "bigint", "BOOLEAN": "boolean", "VARCHAR[]": "array<string>"}


# Nanoseconds since 1970 of an RFC 3339 time in UTC (as weeks.spark.sql reads them).
TIME_NS = ("unix_timestamp(substr({0}, 1, 19), \"yyyy-MM-dd'T'HH:mm:ss\") * 1000000000"
           " + CAST(rpad(regexp_extract({0}, '[.]([0-9]+)Z$', 1), 9, '0') AS BIGINT)")


def load(spark, folders, report):
    """Registers the tables weeks.spark.sql reads as temporary views, from one facts folder or
    all the shards' folders."""
    from functools import reduce

    from pyspark.sql import DataFrame
    from pyspark.sql.functions import col, expr, from_json, lit, monotonically_increasing_id

    frames = {}
    for table, columns in weeks.TABLES.items():
        schema = ", ".join(f"`{name}` {SPARK_TYPES[kind]}" for name, kind in columns.items())
        parts = []
        for part, facts in enumerate(folders):
            path = os.path.join(facts, table + ".jsonl")
            # Each line with its place in the file (zipWithIndex keeps the partitions' order,
            # and one file's partitions are in file order), then parsed with the table's schema.
            lines = spark.read.text(path).rdd.zipWithIndex().map(lambda pair: (pair[0][0], pair[1] + 1))
            frame = spark.createDataFrame(lines, "line string, ord bigint")
            frame = frame.where("trim(line) <> ''").select(from_json(col("line"), schema).alias("row"), col("ord"))
            parts.append(frame.select("row.*", "ord", lit(part).alias("part")))
        frames[table] = reduce(DataFrame.unionByName, parts)
    if len(folders) > 1:
        # The report's order over all the shards: one day of a conversation is in one shard,
        # whose file has its messages in order; a reaction follows its message. A sorted frame's
        # rows get increasing ids in its order. A conversation cut across shards by days is in
        # each of them: once here.
        frames["conversations"] = frames["conversations"].dropDuplicates(["platform", "id"])
        messages = frames["messages"].orderBy(
            expr(TIME_NS.format("sentAt")).asc_nulls_last(), "platform", "conversation", "part", "ord")
        frames["messages"] = messages.drop("ord").withColumn("ord", monotonically_increasing_id()).persist()
        places = frames["messages"].select(
            col("platform").alias("m_platform"), col("conversation").alias("m_conversation"), col("id").alias("m_id"),
            col("ord").alias("m_ord"))
        reactions = frames["reactions"].join(
            places, (col("m_platform") == col("platform")) & (col("m_conversation") == col("conversation"))
            & (col("m_id") == col("message")), "left")
        reactions = reactions.orderBy(col("m_ord").asc_nulls_last(), "part", "ord")
        frames["reactions"] = reactions.drop("ord", "m_platform", "m_conversation", "m_id", "m_ord").withColumn(
            "ord", monotonically_increasing_id()).persist()
    for table, frame in frames.items():
        frame.drop("part").createOrReplaceTempView(table)
    spark.createDataFrame(
        [(report["timezone"], report["topN"], report["firstWeek"], report["lastWeek"], report["groups"], report["excludeBots"],
          report["responseWindow"], report["questionMarks"], report["engagementLevels"]["core"],
          report["engagementLevels"]["regular"], report["positive"], report["negative"])],
        "timezone string, topN bigint, firstWeek string, lastWeek string, groups array<string>, excludeBots boolean, "
        "responseWindow bigint, questionMarks string, coreDays bigint, regularDays bigint, positive array<string>, "
        "negative array<string>",
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
    parser.add_argument("facts", nargs="+", help="the facts folder (OUT/data/facts), or those of all the shards")
    parser.add_argument("-o", "--output", help="where to write weeks.json (default: standard output)")
    parser.add_argument("--sql", default=os.path.join(weeks.SQL_DIR, "weeks.spark.sql"), help="the query")
    arguments = parser.parse_args()

    from pyspark.sql import SparkSession

    spark = (
        SparkSession.builder.master(os.environ.get("SPARK_MASTER", "local[2]")).appName("reaction-report weeks")
        .config("spark.sql.session.timeZone", "UTC")
        .config("spark.ui.enabled", "false")
        .config("spark.ui.showConsoleProgress", "false")
        .config("spark.sql.shuffle.partitions", "4")
        .getOrCreate()
    )
    spark.sparkContext.setLogLevel("ERROR")
    try:
        report = weeks.settings(arguments.facts)
        load(spark, arguments.facts, report)
        with open(arguments.sql, encoding="utf-8") as file:
            query = file.read()
        frame = spark.sql(query)
        rows = [[plain(value) for value in row] for row in frame.collect()]
        text = weeks.weeks_json(report["timezone"], frame.columns, rows)
    finally:
        spark.stop()
    weeks.write_weeks(text, arguments.output)


if __name__ == "__main__":
    main()
