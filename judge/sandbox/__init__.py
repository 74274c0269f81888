"""The box: bubblewrap isolation, cgroups, and one server process spoken to over private pipes.

Layer 2: it may import the ground floor and judge.problems (for limits), nothing above. It knows no
language: what to start comes in as an argv and a list of folders to show.
"""
