"""The page's own query-string codec and escaping agree with the standard library's.

game/ui/params.py and game/ui/svg.py avoid importing urllib.parse and html at
start-up (Pyodide compiles them from source: ~150 ms together); here, on
CPython, they are checked against those modules for arbitrary text.
"""

from __future__ import annotations

import html
import urllib.parse

from hypothesis import given, settings
from hypothesis import strategies as st

from game.ui import params, svg

# Query-ish text: the characters that matter (%, +, &, =, hex digits) often, and anything else.
QUERY = st.text(st.one_of(st.sampled_from("%+&=?,;aF09 é€\U0001F0A1"), st.characters()), max_size=40)


@given(QUERY)
@settings(max_examples=1000)
def test_parse_qsl_is_urllib_parse_qsl_with_blank_values(q):
    assert params.parse_qsl(q) == urllib.parse.parse_qsl(q, keep_blank_values=True)


def test_parse_qsl_examples():
    for q in ("", "a", "a=", "=b", "&&a=1&&", "a=1=2", "x=%41%e2%82%ac%zz%", "a+b=c+d%2B",
              "bad=%C3%28", "cut=%E2%82", "mix=%C3x%A9", "seed=-3&level=hard"):
        assert params.parse_qsl(q) == urllib.parse.parse_qsl(q, keep_blank_values=True), q


@given(st.lists(st.tuples(st.text(st.characters(exclude_categories=("Cs",)), max_size=12),
                          st.text(st.characters(exclude_categories=("Cs",)), max_size=12)), max_size=5),
       st.sampled_from(["", ","]))
@settings(max_examples=500)
def test_urlencode_is_urllib_urlencode(pairs, safe):
    assert params.urlencode(pairs, safe=safe) == urllib.parse.urlencode(pairs, safe=safe)
    assert params.parse_qsl(params.urlencode(pairs, safe=safe)) == pairs      # and back


@given(st.text(max_size=40))
def test_esc_is_html_escape(s):
    assert svg.esc(s) == html.escape(s, quote=True)
    assert svg.esc(12) == "12"
