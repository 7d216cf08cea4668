"""The table every face shares: the table model, its words, narration, saving and statistics.
"""
