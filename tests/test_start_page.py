"""The static start page in index.html: generated from the games' declarations, current,
and its forms deal what the declarations say (read as a browser would, without one)."""

from __future__ import annotations

import html.parser
import importlib.util
import pathlib

import pytest

from game import GAMES
from game.core import Option
from game.ui import urls
from game.ui.screens import start

ROOT = pathlib.Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("start_page", ROOT / "scripts/start_page.py")
start_page = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(start_page)


class Forms(html.parser.HTMLParser):
    """Each game form's fields as the browser would submit them with nothing touched
    (what game/ui/app.py's form_query reads): checked radios, checkboxes as true/false,
    a select's selected option (else its first), inputs' values."""

    def __init__(self) -> None:
        super().__init__()
        self.forms: dict[str, list[tuple[str, str]]] = {}
        self.form: str | None = None
        self.select: tuple[str, list[tuple[str, bool]]] | None = None
        self.buttons: dict[str, list[str]] = {}
        self.text: list[str] = []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "form":
            self.form = a["data-game"]
            self.forms[self.form] = []
        elif self.form is None:
            return
        elif tag == "input":
            kind = a.get("type", "text")
            if kind == "checkbox":
                self.forms[self.form].append((a["name"], "true" if "checked" in a else "false"))
            elif kind == "radio":
                if "checked" in a:
                    self.forms[self.form].append((a["name"], a["value"]))
            else:
                self.forms[self.form].append((a["name"], a.get("value", "")))
        elif tag == "select":
            self.select = (a["name"], [])
        elif tag == "option" and self.select is not None:
            self.select[1].append((a.get("value", ""), "selected" in a))
        elif tag == "button":
            self.buttons.setdefault(self.form, []).append(a["data-action"])

    def handle_endtag(self, tag):
        if tag == "form":
            self.form = None
        elif tag == "select" and self.select is not None:
            name, opts = self.select
            chosen = [v for v, sel in opts if sel] or [opts[0][0]]
            self.forms[self.form].append((name, chosen[-1]))
            self.select = None

    def handle_data(self, data):
        self.text.append(data)


def page() -> str:
    return (ROOT / "index.html").read_text(encoding="utf-8")


def test_index_html_holds_the_start_page_drawn_from_the_declarations_now():
    assert start_page.render(page()) == page(), "run python3 scripts/start_page.py"


def test_every_game_is_on_the_page_with_its_facts_picture_and_a_play_button():
    text = page()
    parsed = Forms()
    parsed.feed(text)
    words = " ".join(parsed.text)
    for gid, cls in GAMES.items():
        card = text[text.index(f'<section class="game" id="game-{gid}"'):]
        card = card[:card.index("</section>")]
        for fact in (cls.TITLE, cls.DESIGNER, start.players_text(cls)):
            assert fact in words and fact.replace("'", "&#x27;") in card
        assert cls.PITCH.replace("'", "&#x27;") in card
        assert '<svg class="picture"' in card
        assert parsed.buttons[gid][:2] == ["continue", "new-deal"]       # Continue first when a save exists
        assert f'<a href="./#game-{gid}">' in text                       # the header links to it


@pytest.mark.parametrize("gid", list(GAMES))
def test_the_untouched_form_deals_the_games_default_options(gid):
    parsed = Forms()
    parsed.feed(page())
    cls = GAMES[gid]
    state = urls.deal_from(urls.form_query(gid, parsed.forms[gid], seed=5))
    assert state.players == cls.DEFAULT_PLAYERS
    assert state.options == cls.parse_options({}, cls.DEFAULT_PLAYERS)


def test_each_option_kind_gets_its_control_with_its_meaning_in_visible_text():
    board = GAMES["hermit-stones"].OPTIONS[0]
    html = start.option_field(board, "hermit-stones", 2)
    assert '<option value="square7" selected>7x7 square</option>' in html
    assert '<option value="hex5">hexagon, side 5</option>' in html
    assert f'<p class="note" id="opt-hermit-stones-board-note">{board.help}</p>' in html
    assert "title=" not in html                                           # no hover-only tooltips
    wilds = next(o for o in GAMES["hermits-whist"].OPTIONS if o.name == "wilds")
    html = start.option_field(wilds, "hermits-whist", 1)
    assert html.count('<select name="wilds"') == 6 and "<input" not in html
    rounds = next(o for o in GAMES["type-trump"].OPTIONS if o.name == "rounds")
    html = start.option_field(rounds, "type-trump", 4)
    assert '<option value="" selected>play to the target</option>' in html and "placeholder" not in html
    target = next(o for o in GAMES["hermit"].OPTIONS if o.name == "target")
    html = start.option_field(target, "hermit", 5)
    assert 'type="number"' in html and 'min="1" max="200"' in html and 'class="num"' in html


def test_a_new_bool_option_appears_from_its_declaration_alone():
    html = start.option_field(Option("winnable", False, "bool", "Winnable deals only."), "hermits-whist", 1)
    assert '<input type="checkbox" name="winnable"' in html and "Winnable" in html
    assert "Winnable deals only." in html


def test_a_form_with_one_menu_per_number_joins_them_into_the_link():
    fields = [("wilds", str(n)) for n in (0, 2, 2, 5, 9, 10)]
    state = urls.deal_from(urls.form_query("hermits-whist", fields, seed=3))
    assert state.options["wilds"] == [0, 2, 2, 5, 9, 10]
