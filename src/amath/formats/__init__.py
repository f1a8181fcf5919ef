"""What users exchange: the position JSON (docs/rules.md "Position JSON") and the saved-game JSON."""
