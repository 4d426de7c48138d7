"""GitHub: the REST client for the sticky comment, workflow commands, and publishing."""
