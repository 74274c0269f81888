"""Problems: a package's problem.yaml, its case files, neutral types and values, standard checkers.

Layer 1, above the ground floor (judge.verdict, judge.errors, judge.defaults, judge.cache), which
is all it may import from the judge. It knows nothing of boxes, languages, grading or results.
"""
