"""The browser side: DOM, clicks, localStorage and the turn loop.

The only module (with :mod:`game.ui.boot`) that imports ``js``/``pyodide``.
Everything it draws comes from :class:`~game.ui.session.Session` and the
pure renderers; nothing is read back from the DOM except which element was
clicked and the start screen's form fields.
"""

from __future__ import annotations

import asyncio
import json
import time
import traceback

import js  # type: ignore[import-not-found]
from pyodide.ffi import create_proxy  # type: ignore[import-not-found]

try:
    from pyodide.ffi import jsnull  # type: ignore[import-not-found]
except ImportError:  # older Pyodide: null arrives as None
    jsnull = None

from .. import GAMES, new_game
from . import ai_glue, cards, params, saves
from .renderers import renderer
from .session import Session, seat_name
from .svg import esc, svg_root
from .table import WIDTH, Ctx

SETTINGS_KEY = "hermitage.settings"
PACE = 0.7            # seconds each computer move stays on screen before the next
MIN_THINK = 0.35      # the thinking indicator shows at least this long (unless fast)
SLICE = 0.03          # seconds of search per slice before yielding to the browser


def _el(id_: str):
    return js.document.getElementById(id_)


def found(x) -> bool:
    """Whether a DOM lookup found something (null and undefined are not found)."""
    return x is not None and x is not jsnull


def attr(element, name: str) -> str | None:
    """An attribute as str, or None when absent (getAttribute's null is not None in Pyodide)."""
    v = element.getAttribute(name)
    return v if isinstance(v, str) else None


class LocalStorage:
    """localStorage with Python values: a missing key is None (JS null is not None in Pyodide)."""

    def __init__(self, store) -> None:
        self.store = store

    def getItem(self, key: str) -> str | None:
        v = self.store.getItem(key)
        return v if isinstance(v, str) else None

    def setItem(self, key: str, value: str) -> None:
        self.store.setItem(key, value)

    def removeItem(self, key: str) -> None:
        self.store.removeItem(key)


class App:
    def __init__(self) -> None:
        try:
            self.storage = LocalStorage(js.localStorage)
            self.storage.getItem("hermitage.probe")
        except Exception:  # storage blocked (private mode): play without saves
            self.storage = saves.MemoryStorage()
        self.session: Session | None = None
        self.selected: str | None = None
        self.thinking: int | None = None
        self.waiter: asyncio.Future | None = None
        self.generation = 0
        self.settings = {"level": "easy", "fast": False}
        try:
            self.settings.update(json.loads(self.storage.getItem(SETTINGS_KEY) or "{}"))
        except ValueError:
            pass
        self._proxies = []
        self.draws = 0
        self.refocus: str | None = None   # card id to focus after a redraw (keyboard play)
        self.longest_slice = 0.0      # the longest AI search slice so far (seconds)

    # ---- start -----------------------------------------------------------------

    def start(self) -> None:
        _el("suit-symbols").innerHTML = cards.symbol_defs()
        for name, fn in (("click", self.on_click), ("keydown", self.on_key), ("change", self.on_change)):
            p = create_proxy(fn)
            self._proxies.append(p)
            js.document.addEventListener(name, p)
        pop = create_proxy(lambda e: self.open_from_url())
        self._proxies.append(pop)
        js.window.addEventListener("popstate", pop)
        self.open_from_url()
        js.window.hermitageReady()

    def open_from_url(self) -> None:
        problems: list[str] = []
        try:
            req = params.parse_query(str(js.location.search))
        except ValueError as e:
            req = None
            problems.append(f"That link does not open a deal: {e}.")
        if req is None:
            self.show_start(problems)
            return
        if req.level:
            self.settings["level"] = req.level
        if req.fast is not None:
            self.settings["fast"] = req.fast
        saved, problem = saves.read(self.storage, req.game)
        if problem:
            problems.append(problem)
        if (saved is not None and req.seed is not None and saved.players == req.players
                and saved.seed == req.seed and saved.options == req.options):
            self.begin(saved, problems)             # a reload: the same deal resumes
            return
        seed = req.seed if req.seed is not None else self.random_seed()
        self.begin(new_game(req.game, players=req.players, seed=seed, options=req.options), problems)

    @staticmethod
    def random_seed() -> int:
        return int(js.Math.random() * 2_000_000_000)

    # ---- start screen ---------------------------------------------------------------

    def show_start(self, problems: list[str] | None = None) -> None:
        self.generation += 1
        self.session = None
        saved, more = saves.read_all(self.storage)
        self.message(" ".join((problems or []) + more))
        html = [self.settings_html()]
        for g in params.catalogue():
            html.append(self.game_card(g, saved.get(g["id"])))
        _el("games").innerHTML = "".join(html)
        _el("start").hidden = False
        _el("play").hidden = True
        _el("table").setAttribute("data-phase", "loading")
        js.document.title = "Hermitage"
        anchor = str(js.location.hash or "")
        if anchor.startswith("#game-") and found(_el(anchor[1:])):
            _el(anchor[1:]).scrollIntoView()

    def settings_html(self) -> str:
        opts = "".join(f'<option value="{lv}"{" selected" if lv == self.settings["level"] else ""}>{lv}</option>'
                       for lv in params.LEVELS)
        fast = " checked" if self.settings["fast"] else ""
        return ('<div class="settings"><label>Computer level <select id="level" data-setting="level">'
                f'{opts}</select></label> <label><input type="checkbox" id="fast" data-setting="fast"{fast}> '
                'Skip the pacing of computer moves</label></div>')

    def game_card(self, g: dict, saved) -> str:
        head = (f'<h2>{esc(g["title"])}</h2><p class="by">by {esc(g["designer"])} · '
                f'{esc(g["players"])} player{"s" if g["players"] != "1" else ""}</p><p>{esc(g["line"])}</p>')
        if not g["playable"]:
            return f'<section class="game soon" id="game-{g["id"]}" data-game="{g["id"]}">{head}<p class="soon-note">Coming soon</p></section>'
        fields = []
        if g["min"] != g["max"]:
            ch = "".join(f'<option{" selected" if n == g["default"] else ""}>{n}</option>'
                         for n in range(g["min"], g["max"] + 1))
            fields.append(f'<label>Players <select name="players">{ch}</select></label>')
        for o in g["options"]:
            fields.append(self.option_field(o, g["max"]))
        cont = ""
        if saved is not None:
            cont = (f'<button type="button" class="primary" data-action="continue" data-game="{g["id"]}">'
                    f'Continue saved game (round {saved.round}, {len(saved.history)} moves)</button> ')
        return (f'<section class="game" id="game-{g["id"]}" data-game="{g["id"]}">{head}<form data-game="{g["id"]}">'
                f'{"".join(fields)}<div class="actions">{cont}<button type="button" data-action="new-deal" '
                f'data-game="{g["id"]}">Play{" a new game" if saved else ""}</button></div></form></section>')

    @staticmethod
    def option_field(o: dict, max_players: int) -> str:
        name, kind, default = o["name"], o["kind"], o["default"]
        title = esc(name.replace("_", " ").capitalize())
        help_ = f' title="{esc(o["help"])}"' if o.get("help") else ""
        if kind == "bool":
            return (f'<label{help_}><input type="checkbox" name="{name}"{" checked" if default else ""}> '
                    f'{title}</label>')
        if kind == "choice":
            ch = "".join(f'<option{" selected" if c == default else ""}>{esc(c)}</option>' for c in o["choices"])
            return f'<label{help_}>{title} <select name="{name}">{ch}</select></label>'
        if kind == "seat":
            ch = '<option value="">drawn at random</option>' + "".join(
                f'<option value="{i}"{" selected" if i == default else ""}>{esc(seat_name(i))}</option>'
                for i in range(max_players))
            return f'<label{help_}>{title} <select name="{name}">{ch}</select></label>'
        if kind == "ints":
            return (f'<label{help_}>{title} <input name="{name}" value="{esc(params.option_text(default))}" '
                    f'size="14"></label>')
        value = "" if default is None else default
        lo = f' min="{o["minimum"]}"' if "minimum" in o else ""
        hi = f' max="{o["maximum"]}"' if "maximum" in o else ""
        ph = ' placeholder="none"' if o.get("nullable") else ""
        return f'<label{help_}>{title} <input type="number" name="{name}" value="{value}"{lo}{hi}{ph}></label>'

    def form_query(self, gid: str) -> str:
        """The share link for the deal the start screen's form describes (a fresh seed)."""
        form = js.document.querySelector(f'form[data-game="{gid}"]')
        pairs = [("game", gid)]
        for field in form.elements:
            name = str(field.name or "")
            if not name:
                continue
            if str(field.type) == "checkbox":
                pairs.append((name, "true" if field.checked else "false"))
            else:
                pairs.append((name, str(field.value)))
        pairs.append(("seed", str(self.random_seed())))
        from urllib.parse import urlencode
        return "?" + urlencode(pairs, safe=",")

    # ---- a game ---------------------------------------------------------------------

    def begin(self, state, problems: list[str] | None = None) -> None:
        self.generation += 1
        self.session = Session(state, level=self.settings["level"])
        self.selected = None
        self.thinking = None
        saves.write(self.storage, state)
        q = params.share_query(state.GAME_ID, state.players, state.seed, state.options)
        if str(js.location.search) != q:
            js.history.replaceState(None, "", q)
        _el("start").hidden = True
        _el("play").hidden = False
        _el("share").setAttribute("href", q)
        js.document.title = f"{GAMES[state.GAME_ID].TITLE} · Hermitage"
        self.message(" ".join(problems or []))
        asyncio.ensure_future(self.loop(self.generation))

    async def loop(self, gen: int) -> None:
        try:
            while gen == self.generation:
                s = self.session
                self.draw()
                phase = s.phase()
                if phase == "over":
                    return
                if phase == "your-turn":
                    self.waiter = asyncio.get_event_loop().create_future()
                    await self.waiter
                    continue
                seat = s.ai_seat()
                self.thinking = seat
                self.draw()
                move = await self.think(seat)
                if gen != self.generation:
                    return
                self.thinking = None
                s.play(seat, move)
                saves.write(self.storage, s.state)
                self.draw()
                if not self.settings["fast"] and s.ai_seat() is not None:
                    await asyncio.sleep(PACE)
        except Exception:
            js.console.error("Hermitage: " + traceback.format_exc())
            self.message("Something went wrong at the table; your game is saved up to the last move.")

    async def think(self, seat: int) -> str:
        s = self.session
        t0 = time.perf_counter()
        search = ai_glue.start_search(s.state.clone(), seat, s.level, s.ai_seed())
        while True:
            a = time.perf_counter()
            done = search.step(SLICE)
            self.longest_slice = max(self.longest_slice, time.perf_counter() - a)
            if done:
                break
            await asyncio.sleep(0)        # let the browser paint and handle input
        _el("table").setAttribute("data-longest-slice-ms", f"{self.longest_slice * 1000:.0f}")
        move = search.best()
        rest = MIN_THINK - (time.perf_counter() - t0)
        if not self.settings["fast"] and rest > 0:
            await asyncio.sleep(rest)
        else:
            await asyncio.sleep(0)
        return move

    def person_move(self, move: str) -> None:
        s = self.session
        if s is None:
            return
        if s.phase() != "your-turn" or move not in s.legal():
            self.message(s.explain(move))
            return
        s.play(s.you, move)
        self.selected = None
        if move != "continue":
            saves.write(self.storage, s.state)
        self.message("")
        if self.waiter is not None and not self.waiter.done():
            self.waiter.set_result(move)

    # ---- drawing --------------------------------------------------------------------

    def draw(self) -> None:
        s = self.session
        view = s.state.view(s.you)
        phase = s.phase()
        legal = s.legal() if phase == "your-turn" else []
        ctx = Ctx(legal=[m for m in legal if m != "continue"], selected=self.selected, last=s.last,
                  thinking=self.thinking, your_turn=phase == "your-turn" and s.summary is None)
        mod = renderer(s.state.GAME_ID)
        body = mod.render(view, ctx)
        if s.last is not None:              # new cards slide in from the side of whoever moved
            body = f'<g data-last-seat="{s.last[0]}">{body}</g>'
        # A move not drawn and not reachable by picking up its card gets a plain button.
        missing = [m for m in ctx.legal if f'data-move="{esc(m)}"' not in body
                   and f'data-select="{esc(m.split(" ")[0])}"' not in body]
        extra = "".join(f'<button type="button" data-move="{esc(m)}">{esc(m)}</button>' for m in missing)
        _el("board").innerHTML = (svg_root(WIDTH, mod.HEIGHT, body, label=f"{GAMES[s.state.GAME_ID].TITLE} table")
                                  + (f'<div class="more-moves">{extra}</div>' if extra else ""))
        table = _el("table")
        table.setAttribute("data-phase", phase)
        self.draws += 1
        table.setAttribute("data-draw", str(self.draws))        # lets tests see a redraw happen
        table.setAttribute("data-moves", str(len(s.state.history)))
        _el("status").textContent = self.status_text(phase)
        _el("scores").innerHTML = self.scores_html(view)
        _el("log").innerHTML = "".join(f"<li><b>{esc(seat_name(seat))}</b> {esc(text)}</li>"
                                       for seat, text in reversed(s.log[-14:]))
        if self.refocus:
            again = js.document.querySelector(f'#board [data-card="{self.refocus}"][tabindex]')
            if not found(again):
                again = js.document.querySelector("#board [data-move], #overlay [data-move]")
            if found(again):
                again.focus()
        overlay = _el("overlay")
        html = self.summary_html(view) if s.summary is not None or phase == "over" else ""
        overlay.innerHTML = html
        overlay.hidden = not html

    def status_text(self, phase: str) -> str:
        s = self.session
        if phase == "over":
            return "Game over."
        if s.summary is not None:
            return f"Round {s.summary['round']} is over."
        if phase == "your-turn":
            return "Your turn."
        if self.thinking is not None:
            return f"{seat_name(self.thinking)} is thinking…"
        return "Waiting…"

    @staticmethod
    def scores_html(view: dict) -> str:
        rows = "".join(f"<tr><td>{esc(seat_name(i))}</td><td>{esc(sc)}</td></tr>"
                       for i, sc in enumerate(view["scores"]))
        return f'<table><caption>Round {view["round"]}</caption><tr><th>Player</th><th>Score</th></tr>{rows}</table>'

    def summary_html(self, view: dict) -> str:
        s = self.session
        sm = s.summary or {}
        over = s.state.is_over()
        details = sm.get("details") or {}
        taken = details.get("tricks_taken")
        if isinstance(taken, int):          # one-seat games report a single count
            taken = [taken]
        decl = details.get("declarations")
        rows = []
        for i in range(s.state.players):
            pts = sm.get("points", [""] * s.state.players)[i]
            extra = f"<td>{esc(decl[i] or '')}</td>" if decl else ""
            extra += f"<td>{taken[i]}</td>" if taken else ""
            rows.append(f"<tr><td>{esc(seat_name(i))}</td><td>{esc(pts)}</td>{extra}"
                        f"<td>{esc(view['scores'][i])}</td></tr>")
        head = ("<th>Player</th><th>This round</th>" + ("<th>Declared</th>" if decl else "")
                + ("<th>Tricks</th>" if taken else "") + "<th>Total</th>")
        notes = []
        if details.get("flipped"):
            notes.append(f"You flipped {cards.describe(details['flipped'])}.")
        elif "flipped" in details:
            notes.append("No wild card matched your tricks.")
        if details.get("cottage_to") is not None:
            notes.append(f"The Cottage went to {seat_name(details['cottage_to'])}.")
        if details.get("house_party") is not None:
            notes.append(f"House Party: {seat_name(details['house_party'])} gathered every Personality.")
        table = f"<table><tr>{head}</tr>{''.join(rows)}</table>" + "".join(f"<p>{esc(n)}</p>" for n in notes)
        if over:
            w = [seat_name(x) for x in s.state.winners()]
            title = "You win!" if w == ["You"] else ("Winners: " if len(w) > 1 else "Winner: ") + ", ".join(w)
            return (f'<div class="dialog" role="dialog" aria-label="Game over"><h2>Game over. {esc(title)}</h2>{table}'
                    '<div class="actions"><button type="button" class="primary" data-action="rematch">Rematch</button> '
                    '<button type="button" data-action="new">New game</button></div></div>')
        return (f'<div class="dialog" role="dialog" aria-label="Round over"><h2>Round {sm["round"]} is over</h2>{table}'
                '<div class="actions"><button type="button" class="primary" data-move="continue">Continue</button>'
                '</div></div>')

    def message(self, text: str) -> None:
        m = _el("message")
        m.textContent = text
        m.hidden = not text

    # ---- events ---------------------------------------------------------------------

    def on_click(self, event) -> None:
        if not hasattr(event.target, "closest"):
            return
        target = event.target.closest("[data-move],[data-select],[data-illegal],[data-action]")
        if not found(target):
            return
        if attr(target, "data-action") is not None:
            event.preventDefault()
        self.refocus = None                 # playing by mouse: leave the focus alone
        self.activate(target)

    def on_key(self, event) -> None:
        if str(event.key) in ("Enter", " ") and hasattr(event.target, "closest"):
            target = event.target.closest("[data-move],[data-select]")
            if found(target) and str(target.tagName).lower() != "button":
                event.preventDefault()
                # Keyboard play: after the redraw, focus goes back to the same card if still there.
                card = attr(target, "data-select") or attr(target, "data-card")
                self.refocus = card
                self.activate(target)

    def on_change(self, event) -> None:
        t = event.target
        key = attr(t, "data-setting") if hasattr(t, "getAttribute") else None
        if key == "level":
            self.settings["level"] = str(t.value)
        elif key == "fast":
            self.settings["fast"] = bool(t.checked)
        else:
            return
        if self.session is not None:
            self.session.level = self.settings["level"]
        self.storage.setItem(SETTINGS_KEY, json.dumps(self.settings))

    def activate(self, target) -> None:
        try:
            self._activate(target)
        except Exception:
            js.console.error("Hermitage: " + traceback.format_exc())
            self.message("Something went wrong; please reload the page (your game is saved).")

    def _activate(self, target) -> None:
        def get(name: str) -> str | None:
            return attr(target, name)
        move, sel, bad, action = get("data-move"), get("data-select"), get("data-illegal"), get("data-action")
        if move is not None:
            self.person_move(str(move))
        elif sel is not None:
            self.selected = None if self.selected == str(sel) else str(sel)
            if self.session is not None:
                self.draw()
        elif bad is not None and self.session is not None:
            self.message(self.session.explain(str(bad)))
        elif action is not None:
            self.action(str(action), get("data-game"))

    def action(self, action: str, gid) -> None:
        if action == "new-deal":
            q = self.form_query(str(gid))
            try:
                req = params.parse_query(q)
            except ValueError as e:
                self.message(f"Please check the options: {e}.")
                return
            self.begin(new_game(req.game, players=req.players, seed=req.seed, options=req.options))
        elif action == "continue":
            state, problem = saves.read(self.storage, str(gid))
            if state is None:
                self.show_start([problem] if problem else [])
            else:
                self.begin(state)
        elif action == "rematch":
            st = self.session.state
            self.begin(new_game(st.GAME_ID, players=st.players, seed=self.random_seed(), options=st.options))
        elif action == "new":
            js.history.pushState(None, "", js.location.pathname)
            self.show_start()


def main() -> App:
    app = App()
    app.start()
    return app
