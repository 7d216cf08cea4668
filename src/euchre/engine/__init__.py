"""The rules of the game: cards, seating, rules, scoring, actions, the deal, the game, the view.

The engine imports nothing of the package above it (``tests/test_layers.py``).
"""
