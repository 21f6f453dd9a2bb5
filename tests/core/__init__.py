"""Tests of the game-neutral core (a package, so that its module names never clash)."""
