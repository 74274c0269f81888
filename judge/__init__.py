"""minesweeper-judge: grade coding-challenge submissions against a problem package."""

__version__ = "0.1.0"
