from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class ImportProblem:
    """What is wrong, in which file, at which JSON path (``$[3].elements.MAIN_COST``)."""

    file: str
    path: str
    message: str

    def __str__(self) -> str:
        return f"{self.file} : {self.path} : {self.message}"


class ImportRefused(ValueError):
    """The export was refused as a whole; ``problems`` lists every problem found."""

    def __init__(self, problems: list[ImportProblem]):
        self.problems = problems
        shown = "; ".join(str(p) for p in problems[:5])
        more = f" (et {len(problems) - 5} autres)" if len(problems) > 5 else ""
        super().__init__(f"Import refusé, rien n'a été écrit : {shown}{more}")
