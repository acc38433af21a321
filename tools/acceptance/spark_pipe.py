"""Runs facedetect under Spark's RDD.pipe (local mode) and checks one JSON record per photo.

    python tools/acceptance/spark_pipe.py FACEDETECT_BINARY FOLDER [PARTITIONS]

Each partition's paths go to one `facedetect - --json -` process on its standard input; the
JSON Lines on its standard output come back as the RDD's elements (the README's recipe).
Needs `pip install pyspark` and Java 17; dev-time only.
"""
import json
import os
import sys

from pyspark import SparkContext

binary, folder = sys.argv[1], sys.argv[2]
partitions = int(sys.argv[3]) if len(sys.argv) > 3 else 4
paths = sorted(os.path.join(root, name) for root, _, names in os.walk(folder) for name in names
               if name.lower().endswith((".jpg", ".jpeg", ".png")))

sc = SparkContext("local[2]", "facedetect-pipe")
sc.setLogLevel("ERROR")
records = (sc.parallelize(paths, partitions)
           .pipe(f"{binary} - --json - --no-progress --threads 1")
           .map(json.loads)
           .collect())
sc.stop()

files = [record["file"] for record in records]
print(f"{len(paths)} paths, {len(records)} records, {len(set(files))} distinct files, "
      f"every path once: {sorted(files) == paths}, errors: {sum('error' in r for r in records)}, "
      f"faces: {sum(len(r['faces']) for r in records)}")
