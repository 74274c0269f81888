"""Grading on several machines: a submission as a JSON job, graded by Celery workers over a Redis broker.

Layer 6, between grading and the command line: it may import judge.grading (to grade a job the way a
local run does), judge.results, judge.languages, judge.sandbox, judge.problems and the ground floor;
never judge.cli. Celery (and kombu, redis) are imported only by app.py, client.py and workers.py,
and those only when a broker is used: job.py imports none of them, so a plain `judge grade` never pays
for Celery's import.
"""
