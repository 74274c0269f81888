"""`python -m judge` runs the command-line interface."""

try:
    from judge.cli.main import run
except KeyboardInterrupt:  # Ctrl-C as the judge starts: the code and line of any other interrupt
    import sys

    print("judge: interrupted", file=sys.stderr)
    raise SystemExit(130) from None

run()
