"""The external-bot protocol: one JSON message a line between a host and a bot program.
"""
