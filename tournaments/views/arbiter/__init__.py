"""Arbiter pages: login required; every view checks the user's role in the event."""
