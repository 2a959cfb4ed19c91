"""Forms of the arbiter pages: they parse and check input; services do the writing."""
