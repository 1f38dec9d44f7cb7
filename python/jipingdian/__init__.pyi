from typing import Any, Dict, List, Union

__version__: str

def score(
    sgf: Union[str, bytes],
    rules: str = "all",
    dead: str = "proven",
    komi: Union[str, float, int, None] = None,
    *,
    balancing: str = "art14",
    assume_pause: bool = False,
    implied_passes: bool = False,
    name: str = "-",
) -> List[Dict[str, Any]]:
    """Scores one finished SGF record as ``jpd score --format json`` does.

    Returns the list that command prints: one dict with the keys ``file``, ``verdict``,
    ``size``, ``end``, ``results``, ``dead_points``, ... ``rules``: comma-separated rule-set ids
    or ``"all"``; ``dead``: ``"proven"``, ``"estimate"``, ``"record"``, ``"default"`` or
    ``"gnugo"``; ``komi``: ``"record"`` (the default, also ``None``), ``"rules"`` or points (``6.5``). Raises ``ValueError``
    with the command line's message when the record cannot be read or scored, or an option is
    bad.
    """

def rules() -> List[Dict[str, Any]]:
    """Every rule set, as ``jpd rules --format json`` lists them."""
