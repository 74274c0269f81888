"""Grading: submissions run on cases, verdicts decided, random cases, compare, verify, add-case.

Layer 5: it may import judge.results (to record), judge.languages, judge.sandbox, judge.problems and
the ground floor; never judge.cli.
"""
