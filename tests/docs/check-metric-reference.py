#!/usr/bin/env python3
"""docs/metrics.md is what roce-metricref prints from the metric table, byte for byte.

Usage: check-metric-reference.py ROCE_METRICREF DOCS_METRICS_MD
"""

import difflib
import subprocess
import sys


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    generator, page = sys.argv[1], sys.argv[2]
    proc = subprocess.run([generator], capture_output=True, timeout=60)
    if proc.returncode != 0:
        print("FAIL: %s exited with %d: %s" % (generator, proc.returncode,
                                                proc.stderr.decode(errors="replace").strip()))
        return 1
    try:
        with open(page, "rb") as f:
            current = f.read()
    except OSError as e:
        current = b""
        print("cannot read %s: %s" % (page, e))
    if current == proc.stdout:
        print("PASS: %s matches the metric table" % page)
        return 0
    diff = list(difflib.unified_diff(
        current.decode("utf-8", errors="replace").splitlines(),
        proc.stdout.decode("utf-8", errors="replace").splitlines(),
        "docs/metrics.md (in the tree)", "docs/metrics.md (from the metric table)", lineterm=""))
    print("\n".join(diff[:80]))
    if len(diff) > 80:
        print("... %d more lines of difference" % (len(diff) - 80))
    print("FAIL: docs/metrics.md differs from the metric table (core/proto/datamodel/metric.h).\n"
          "Regenerate it with: cmake --build build --target update_metric_reference\n"
          "and commit the page with the table.")
    return 1


if __name__ == "__main__":
    sys.exit(main())
