"""`python -m judge` and the `judge` script (pyproject.toml) run the command-line interface."""


def main() -> None:
    """Import the CLI and run it; a Ctrl-C during that import gives the line and code of any other interrupt."""
    try:
        from judge.cli.main import run
    except KeyboardInterrupt:
        import sys

        print("judge: interrupted", file=sys.stderr)
        raise SystemExit(130) from None
    run()


if __name__ == "__main__":
    main()
