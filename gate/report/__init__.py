"""The one Report and its renderers: the digest people read first, terminal, markdown, JSON,
JUnit, redaction; each renderer formats a finished Report and none computes."""
