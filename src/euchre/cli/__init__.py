"""The ``euchre`` command: one module per subcommand, and the options they share.
"""
