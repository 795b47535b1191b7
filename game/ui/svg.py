"""Tiny helpers for building SVG/HTML markup as text.

>>> tag("rect", x=1, y=2, class_="card")
'<rect x="1" y="2" class="card"/>'
>>> tag("text", "a < b", x=0, data_move="x on y")
'<text x="0" data-move="x on y">a &lt; b</text>'
"""

from __future__ import annotations



def esc(text: object) -> str:
    """Escape text for element content and attribute values: what ``html.escape(text,
    quote=True)`` does, without importing :mod:`html` (its html.entities costs Pyodide
    ~50 ms at start-up; tests/test_params_codec.py checks the two agree)."""
    return (str(text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&quot;").replace("'", "&#x27;"))


def attrs(**kw: object) -> str:
    """``key="value"`` pairs; ``class_`` -> class, ``data_move`` -> data-move; None skipped."""
    out = []
    for k, v in kw.items():
        if v is None or v is False:
            continue
        name = k.rstrip("_").replace("_", "-")
        if v is True:
            out.append(name)
        else:
            if isinstance(v, float):
                v = f"{v:.1f}".rstrip("0").rstrip(".")
            out.append(f'{name}="{esc(v)}"')
    return " ".join(out)


def tag(name: str, content: str | None = None, **kw: object) -> str:
    """One element; ``content`` is escaped text (use :func:`el` for markup)."""
    a = attrs(**kw)
    head = f"<{name} {a}" if a else f"<{name}"
    if content is None:
        return head + "/>"
    return f"{head}>{esc(content)}</{name}>"


def el(name: str, *children: str, **kw: object) -> str:
    """One element around already-built markup ``children``."""
    a = attrs(**kw)
    head = f"<{name} {a}>" if a else f"<{name}>"
    return head + "".join(children) + f"</{name}>"


def svg_root(width: float, height: float, *children: str, label: str = "") -> str:
    """The table's outer <svg>, scaling to its box."""
    return el("svg", *children, viewBox=f"0 0 {width:g} {height:g}", role="img",
              aria_label=label or None, class_="table-svg",
              preserveAspectRatio="xMidYMin meet")
