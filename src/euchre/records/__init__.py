"""Game records: the native JSON record, EGN and EMN, and files on disk.
"""
