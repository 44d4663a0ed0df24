#!/usr/bin/env python3
"""Builds the N shards of a sharded build as Spark tasks: one partition per shard, each piped
through Benchmarks/build-shard.sh (RDD.pipe), which builds the shards named on its standard
input and prints each one done.

    python3 Benchmarks/spark_pipe.py PROGRAM INPUT OUT N [BUILD OPTION ...]

Writes OUT/s1 ... OUT/sN (each `--shard K/N --format facts`) and checks that every shard came
back once. SPARK_MASTER picks the master (default local[2]); on a cluster, PROGRAM, INPUT and
OUT must be paths every executor sees (a shared file system).
"""

import os
import sys


def main():
    if len(sys.argv) < 5:
        sys.exit(__doc__)
    program, source, out, count = sys.argv[1:5]
    count = int(count)
    from pyspark.sql import SparkSession

    spark = (SparkSession.builder.master(os.environ.get("SPARK_MASTER", "local[2]"))
             .appName("reaction-report shards").getOrCreate())
    script = os.path.join(os.path.dirname(os.path.abspath(__file__)), "build-shard.sh")
    environment = {"REACTION_REPORT": os.path.abspath(program), "INPUT": os.path.abspath(source),
                   "OUT": os.path.abspath(out), "OPTIONS": " ".join(sys.argv[5:])}
    shards = [f"{k}/{count}" for k in range(1, count + 1)]
    done = spark.sparkContext.parallelize(shards, count).pipe(script, env=environment, checkCode=True).collect()
    spark.stop()
    if sorted(done, key=lambda shard: int(shard.split("/")[0])) != shards:
        sys.exit(f"the tasks built {', '.join(done)}; expected {', '.join(shards)}")
    print(f"built {count} shards as Spark tasks into {out}")


if __name__ == "__main__":
    main()
