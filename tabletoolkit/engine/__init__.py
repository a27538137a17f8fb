"""The ground floor: typed errors, explained steps, seeded randomness, variants and the phase registry.

No game knowledge lives here.
"""

from .errors import IllegalAction, InvalidInput, RulesError
from .registry import Phase, register_phase
from .rng import Rng
from .steps import Procedure, Run, Step, result_of, run
from .variants import ConstantInfo, Variant, constant

__all__ = [
    "ConstantInfo",
    "IllegalAction",
    "InvalidInput",
    "Phase",
    "Procedure",
    "Rng",
    "RulesError",
    "Run",
    "Step",
    "Variant",
    "constant",
    "register_phase",
    "result_of",
    "run",
]
