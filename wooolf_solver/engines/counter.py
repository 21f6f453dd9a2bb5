"""Placeholder."""
from .brute import BruteForceEngine as CountingEngine  # noqa: F401
