"""Benchmark tools: the speed benchmark, its random boards, and the peers' case importer."""
