"""What the tests share: helpers, generators, paths and the EGN field lists."""
