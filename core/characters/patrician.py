"""4 Patrician: must take the crown (a killed Patrician's heir takes it at the end of the round, R5; a
bewitched Patrician still takes it); gains 1 card for each noble district."""

from __future__ import annotations

from ..terms import Income
from .king import King


class Patrician(King):
    key = "patrician"
    income_resource = Income.CARDS
