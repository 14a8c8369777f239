"""Star Trek: Ascendancy."""
