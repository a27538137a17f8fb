"""SETI: Search for Extraterrestrial Intelligence (rulebook: shared rules 001, Chinese, with the solo rules)."""
