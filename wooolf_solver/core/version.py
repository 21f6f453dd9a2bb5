"""The library's version, in one place (the JSON reports and the HTML page carry it)."""

__version__ = "0.1.0"
