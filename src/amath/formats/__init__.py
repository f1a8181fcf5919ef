"""What users exchange: the position JSON of SPEC.md 3 and the saved-game JSON."""
