"""Grading: submissions run on cases, verdicts decided, random cases, compare, verify, add-case,
strength (mutants of the reference against the cases).

Layer 5: it may import judge.results (to record), judge.languages, judge.sandbox, judge.problems and
the ground floor; never judge.cli.
"""
