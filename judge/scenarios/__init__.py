"""The scenarios app: saved boards, their history and citations, the builder, the stepper, the library, the scenario API."""
