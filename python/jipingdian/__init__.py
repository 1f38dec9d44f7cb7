"""Go records scored under 22 rule sets, with proven dead stones: the library of ``jpd score``.

``score(sgf)`` returns what ``jpd score --format json`` prints for the record (a list with one
dict); ``rules()`` what ``jpd rules --format json`` prints. Bad input raises ``ValueError`` with
the command line's message.
"""

from ._native import __version__, rules, score

__all__ = ["score", "rules", "__version__"]
