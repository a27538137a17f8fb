"""The fuzz suite's hypothesis profiles: ``ci`` (the default: few examples, derandomized, so an expected
failure fails every run) and ``large`` (``TT_FUZZ_PROFILE=large``)."""

import os
import sys
from pathlib import Path

from hypothesis import HealthCheck, settings

sys.path.insert(0, str(Path(__file__).parent))

settings.register_profile("ci", max_examples=25, deadline=None, derandomize=True, database=None,
                          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
settings.register_profile("large", max_examples=2_000, deadline=None, database=None,
                          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
settings.load_profile(os.environ.get("TT_FUZZ_PROFILE", "ci"))
