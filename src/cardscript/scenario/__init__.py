"""Scenarios: a board, actions, answers and expectations; played by the engine, checked by `test`."""

from .loader import Scenario, load_scenario
from .runner import run_scenario

__all__ = ["Scenario", "load_scenario", "run_scenario"]
