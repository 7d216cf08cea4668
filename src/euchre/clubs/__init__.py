"""Clubs and events: the rotations of a progressive evening, the scoring of progressive and
duplicate events, and the ratings of rated play.
"""
