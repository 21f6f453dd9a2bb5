"""The live Wooolf!! assistant at ``/wooolf`` (placeholder)."""

from __future__ import annotations

from fastapi import APIRouter

router = APIRouter()
