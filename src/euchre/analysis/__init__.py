"""Judging play: the arena, the reviewer, the hand adviser and the benchmarks.
"""
