"""The service: `judge serve`, an HTTP API and pages people submit to, a live scoreboard, a contest.

Layer 7, under the CLI: it may import judge.grading (the same grading code path as `judge grade`),
judge.results, judge.languages, judge.sandbox, judge.problems and the ground floor (and judge.cluster,
once it is there, to queue to Celery workers); never judge.cli.
"""
