#!/usr/bin/env python3
"""Turn the peers' stdin/stdout cases (NN.in, NN.ans) into our YAML case format.

Usage: python3 bench/import_peers.py TESTS_DIR OUT_DIR
Writes OUT_DIR/sample/peers.yaml (cases 01 and 02, the peers' samples) and
OUT_DIR/secret/peers.yaml (the rest), named peers-NN. An `.in` file is `m n r c` then m rows;
an `.ans` file is the m rows after the click.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import yaml

SAMPLES = ("01", "02")  # the peers' recipe copies these two to data/sample


def read_case(stem: Path) -> dict:
    """One case record from `stem.in` and `stem.ans`."""
    head, *rows = stem.with_suffix(".in").read_text().split()
    m, n, r, c = map(int, [head, *rows[:3]])
    rows = rows[3:]
    expected = stem.with_suffix(".ans").read_text().split()
    if len(rows) != m or any(len(x) != n for x in rows) or len(expected) != m:
        raise ValueError(f"{stem}.in/.ans: expected {m} rows of {n} squares")
    return {"name": f"peers-{stem.name}", "board": rows, "click": [r, c], "expected": expected}


def convert(tests: Path, out: Path) -> int:
    """Write the peers' cases under `out` (sample/ and secret/); return how many there were."""
    stems = sorted(p.with_suffix("") for p in Path(tests).glob("*.in"))
    if not stems:
        raise ValueError(f"{tests}: no .in files")
    groups = {"sample": [], "secret": []}
    for stem in stems:
        groups["sample" if stem.name in SAMPLES else "secret"].append(read_case(stem))
    for group, records in groups.items():
        (out / group).mkdir(parents=True, exist_ok=True)
        text = yaml.dump(records, Dumper=getattr(yaml, "CSafeDumper", yaml.SafeDumper),
                         default_flow_style=None, sort_keys=False, width=200)
        (out / group / "peers.yaml").write_text(text)
    return len(stems)


def main(argv: list[str] | None = None) -> int:
    """Command line: TESTS_DIR OUT_DIR."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("tests", type=Path, help="folder of NN.in / NN.ans files")
    parser.add_argument("out", type=Path, help="a problem package's cases/ folder")
    args = parser.parse_args(argv)
    try:
        count = convert(args.tests, args.out)
    except (OSError, ValueError) as exc:
        print(f"import_peers: {exc}", file=sys.stderr)
        return 2
    print(f"{count} cases written under {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
