"""The judge's own errors: bad input from a user, never a submission's failure.

A failing submission is a verdict value (see verdict.py), not an exception. Everything below is
raised for input the judge cannot work with, and turned into one line and an exit code by the CLI,
in one place (cli.main)::

    JudgeError                 exit 2   base of everything the user can fix
    ├── UsageError             exit 2   bad command-line use: unknown problem, missing path, bad option
    ├── ProblemError           exit 2   a broken problem package: problem.yaml, a missing or broken part
    │   └── CaseError          exit 2   a bad case file or case: malformed YAML, invalid board, duplicate
    ├── SubmissionError        exit 2   a submission that cannot be judged: unknown language
    ├── SetupError             exit 2   the machine lacks what was required (e.g. --require-sandbox)
    ├── StoreError             exit 2   the results database is corrupt, unreadable or too new
    ├── BrokerError            exit 2   the grading broker (Redis) is down, unreachable or refuses us
    └── JobError               exit 2   a grading job that cannot be taken: malformed, or for cases not here

Anything else escaping to the CLI is a bug of the judge: exit 3 with a one-line message.
"""


class JudgeError(Exception):
    """Base of the errors a user can fix; str(error) is the one-line message."""

    exit_code = 2


class UsageError(JudgeError):
    """Bad command-line use: an unknown problem, a path that does not exist, a bad option."""


class ProblemError(JudgeError):
    """A problem package that cannot be loaded: problem.yaml or one of its parts."""


class CaseError(ProblemError):
    """A bad case file or case: malformed YAML, an invalid input, a duplicate name."""


class SubmissionError(JudgeError):
    """A submission the judge cannot take at all, such as a file of an unknown language."""


class SetupError(JudgeError):
    """The machine lacks something the user required, such as a sandbox."""


class StoreError(JudgeError):
    """The results database cannot be used: not a database, unreadable, or from a newer judge."""


class BrokerError(JudgeError):
    """The broker of `--broker` (Redis) cannot be reached, refuses the password, or went away mid-run."""


class JobError(JudgeError):
    """A grading job a worker cannot take: malformed JSON, or cases (a test-set hash) it does not have."""
