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
from pyodide.ffi import create_proxy, to_js  # type: ignore[import-not-found]

try:
    from pyodide.ffi import jsnull  # type: ignore[import-not-found]
except ImportError:  # older Pyodide: null arrives as None
    jsnull = None

from .. import GAMES, new_game
from .. import stats as stats_mod
from ..ai import start_search
from . import cards, features, gamelog, params, saves
from .renderers import renderer
from .gamelog import hint_words
from .session import Session, seat_name
from .svg import esc, svg_root
from .table import WIDTH, Ctx

SETTINGS_KEY = "hermitage.settings"
PACE = 0.7            # seconds each computer move stays on screen before the next
MIN_THINK = 0.35      # the thinking indicator shows at least this long (unless fast)
SLICE = 0.03          # seconds of search per slice before yielding to the browser
WATCH_PACE = 1.0      # seconds per move in watch mode unless the link or settings say otherwise
HINT_LEVEL = "normal"


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
        self.settings = {"level": "easy", "fast": False, "pace": WATCH_PACE}
        try:
            stored = json.loads(self.storage.getItem(SETTINGS_KEY) or "{}")
        except ValueError:
            stored = {}
        if isinstance(stored, dict):        # untrusted: keep only well-formed values
            if stored.get("level") in params.LEVELS:
                self.settings["level"] = stored["level"]
            if isinstance(stored.get("fast"), bool):
                self.settings["fast"] = stored["fast"]
            pace = stored.get("pace")
            if isinstance(pace, (int, float)) and params.PACE_RANGE[0] <= pace <= params.PACE_RANGE[1]:
                self.settings["pace"] = float(pace)
        self._proxies = []
        self.draws = 0
        self.refocus: str | None = None   # card id to focus after a redraw (keyboard play)
        self.longest_slice = 0.0      # the longest AI search slice so far (seconds)
        self.watch = False            # every seat is a computer player
        self.pace = WATCH_PACE
        self.assisted = False         # undo or a hint was used in this deal
        self.hint: str | None = None  # the suggested move, highlighted until the next move
        self.hinting = False
        self.recentre = False
        self.announced = 0            # log entries already announced in the live region
        self.stats, problem = stats_mod.load(self.storage)
        self.startup_problems = [problem] if problem else []

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
        if req.watch:
            seed = req.seed if req.seed is not None else self.random_seed()
            self.begin(new_game(req.game, players=req.players, seed=seed, options=req.options), problems,
                       watch=True, pace=req.pace if req.pace is not None else float(self.settings["pace"]))
            return
        saved, problem = saves.read(self.storage, req.game)
        if problem:
            problems.append(problem)
        if (saved is not None and req.seed is not None and saved.players == req.players
                and saved.seed == req.seed and saved.options == req.options):
            self.begin(saved, problems, resumed=True)     # a reload: the same deal resumes
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
        self.message(" ".join(self.startup_problems + (problems or []) + more))
        self.startup_problems = []
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
        paces = "".join(f'<option value="{p:g}"{" selected" if float(self.settings["pace"]) == p else ""}>'
                        f'{p:g} s per move</option>' for p in (0.3, 1.0, 2.0, 4.0))
        return ('<div class="settings"><label>Computer level <select id="level" data-setting="level">'
                f'{opts}</select></label> <label><input type="checkbox" id="fast" data-setting="fast"{fast}> '
                'Skip the pacing of computer moves</label> <label>Watch mode pace <select id="pace" '
                f'data-setting="pace">{paces}</select></label></div>')

    def game_card(self, g: dict, saved) -> str:
        head = (f'<h2>{esc(g["title"])}</h2><p class="by">by {esc(g["designer"])} · '
                f'{esc(g["players"])} player{"s" if g["players"] != "1" else ""}</p><p>{esc(g["line"])}</p>')
        if g["playable"]:
            line = features.stats_line(g["id"], self.stats.get(g["id"]))
            head += f'<p class="stats" data-stats="{g["id"]}">{esc(line)}</p>'
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
                f'data-game="{g["id"]}">Play{" a new game" if saved else ""}</button> '
                f'<button type="button" data-action="watch" data-game="{g["id"]}">Watch</button> '
                f'<button type="button" data-action="rules" data-game="{g["id"]}">Rules</button>'
                '</div></form></section>')

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
        return "?" + params.urlencode(pairs, safe=",")

    # ---- a game ---------------------------------------------------------------------

    def begin(self, state, problems: list[str] | None = None, *, watch: bool = False,
              pace: float | None = None, resumed: bool = False) -> None:
        self.generation += 1
        self.cancel_waiter()
        self.watch = watch
        self.pace = WATCH_PACE if pace is None else pace
        gamelog.watching(watch)
        self.session = Session(state, level=self.settings["level"], watch=watch)
        self.selected = None
        self.thinking = None
        self.hint = None
        self.announced = len(self.session.log.entries)
        self.recentre = True
        q = params.share_query(state.GAME_ID, state.players, state.seed, state.options)
        if watch:
            self.assisted = False
            shown = q + f"&watch=1&pace={self.pace:g}"
        else:
            if not resumed:
                features.clear_assisted(self.storage, state.GAME_ID)   # a fresh deal starts unassisted
            self.assisted = features.is_assisted(self.storage, state)
            saves.write(self.storage, state)
            shown = q
        if str(js.location.search) != shown:
            js.history.replaceState(None, "", shown)
        _el("start").hidden = True
        _el("play").hidden = False
        _el("share").setAttribute("href", q)
        _el("share-box").hidden = True
        _el("play").classList.toggle("watching", watch)
        js.document.title = f"{GAMES[state.GAME_ID].TITLE} · Hermitage" + (" (watching)" if watch else "")
        self.message(" ".join(problems or []))
        asyncio.ensure_future(self.loop(self.generation))

    def cancel_waiter(self) -> None:
        """Release a loop waiting for the person (it then sees its generation is stale)."""
        if self.waiter is not None and not self.waiter.done():
            self.waiter.set_result(None)

    async def loop(self, gen: int) -> None:
        try:
            while gen == self.generation:
                s = self.session
                self.draw()
                phase = s.phase()
                if phase == "over":
                    self.record_result()
                    return
                if s.watch and s.summary is not None:       # watching: hands pass by themselves
                    await asyncio.sleep(self.pace * 2)
                    if gen != self.generation:
                        return
                    s.summary = None
                    continue
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
                if not s.watch:
                    saves.write(self.storage, s.state)
                self.announce()
                self.draw()
                if s.watch:
                    await asyncio.sleep(self.pace)
                elif not self.settings["fast"] and s.ai_seat() is not None:
                    await asyncio.sleep(PACE)
        except Exception:
            js.console.error("Hermitage: " + traceback.format_exc())
            self.message("Something went wrong at the table; your game is saved up to the last move.")

    async def search(self, seat: int, level: str, seed: int) -> str:
        """The AI's move for ``seat``, searched in short slices (the page stays responsive)."""
        s = self.session
        search = start_search(s.state.clone(), seat, level, seed)
        while True:
            a = time.perf_counter()
            done = search.step(SLICE)
            self.longest_slice = max(self.longest_slice, time.perf_counter() - a)
            if done:
                break
            await asyncio.sleep(0)        # let the browser paint and handle input
        _el("table").setAttribute("data-longest-slice-ms", f"{self.longest_slice * 1000:.0f}")
        return search.best()

    async def think(self, seat: int) -> str:
        s = self.session
        t0 = time.perf_counter()
        move = await self.search(seat, s.level, s.ai_seed())
        rest = MIN_THINK - (time.perf_counter() - t0)
        if not self.settings["fast"] and not s.watch and rest > 0:
            await asyncio.sleep(rest)
        else:
            await asyncio.sleep(0)
        return move

    def record_result(self) -> None:
        s = self.session
        if s.watch:
            return
        new = stats_mod.record_result(self.stats, s.state, you=s.you, assisted=self.assisted)
        if new != self.stats:
            self.stats = new
            stats_mod.store(self.storage, new)

    def announce(self) -> None:
        """Say the computer moves since the last announcement in the live region."""
        lines = self.session.log.lines()
        said = [text for seat, text in lines[self.announced:] if seat != self.session.you or self.watch]
        self.announced = len(lines)
        if said:
            _el("announce").textContent = " ".join(said)

    def person_move(self, move: str) -> None:
        s = self.session
        if s is None:
            return
        if s.phase() != "your-turn" or move not in s.legal():
            self.message(s.explain(move))
            return
        s.play(s.you, move)
        self.selected = None
        self.hint = None
        self.announced = len(s.log.entries)
        if move != "continue":
            saves.write(self.storage, s.state)
        self.message("")
        if self.waiter is not None and not self.waiter.done():
            self.waiter.set_result(move)

    # ---- undo and hints -------------------------------------------------------------

    def mark_assisted(self) -> None:
        self.assisted = True
        features.mark_assisted(self.storage, self.session.state)

    def undo(self) -> None:
        s = self.session
        if s is None or s.undo_point() is None:
            self.message("There is nothing to undo." if s is None or not s.state.is_over()
                         else "The game is over: start a rematch or a new game.")
            return
        self.generation += 1
        self.cancel_waiter()
        new = s.undone()
        new.level = s.level
        self.session = new
        self.selected = None
        self.thinking = None
        self.hint = None
        self.announced = len(new.log.entries)
        saves.write(self.storage, new.state)
        self.mark_assisted()
        self.message("Undone: back to your previous decision. This game now counts as assisted.")
        asyncio.ensure_future(self.loop(self.generation))

    async def give_hint(self) -> None:
        s = self.session
        if s is None or self.hinting:
            return
        if s.phase() != "your-turn" or s.summary is not None:
            self.message("A hint is for your turn.")
            return
        gen, n = self.generation, len(s.state.history)
        self.hinting = True
        _el("hint").setAttribute("aria-busy", "true")
        self.message("Looking for a good move…")
        try:
            move = await self.search(s.you, HINT_LEVEL, s.ai_seed() ^ 0x5EED)
        finally:
            self.hinting = False
            _el("hint").removeAttribute("aria-busy")
        if gen != self.generation or len(s.state.history) != n or s.summary is not None:
            self.message("")
            return
        self.hint = move
        self.mark_assisted()
        self.draw()
        self.message(f"Hint: {hint_words(s.state, move)} (this game now counts as assisted)")

    def show_hint(self) -> None:
        """Highlight the suggested move (or the card that leads to it)."""
        move = self.hint
        if move is None:
            return
        esc_ = js.CSS.escape
        el = js.document.querySelector(f'#board [data-move="{esc_(move)}"]')
        if not found(el):
            card = next(iter(type(self.session.state).move_cards(move)), "")
            el = js.document.querySelector(f'#board [data-select="{esc_(card)}"]')
        if found(el):
            el.classList.add("suggested")
            el.setAttribute("aria-description", "suggested move")

    # ---- drawing --------------------------------------------------------------------

    def draw(self) -> None:
        s = self.session
        view = s.state.view(s.you)
        phase = s.phase()
        legal = s.legal() if phase == "your-turn" else []
        game = type(s.state)
        ctx = Ctx(legal=[m for m in legal if m != "continue"], selected=self.selected, last=s.last,
                  thinking=self.thinking, your_turn=phase == "your-turn" and s.summary is None, game=game)
        mod = renderer(s.state.GAME_ID)
        body = mod.render(view, ctx)
        if s.last is not None:              # new cards slide in from the side of whoever moved
            body = f'<g data-last-seat="{s.last[0]}">{body}</g>'
        # A move not drawn and not reachable by picking up its card gets a plain button.
        missing = [m for m in ctx.legal if f'data-move="{esc(m)}"' not in body
                   and not any(f'data-select="{esc(c)}"' in body for c in game.move_cards(m)[:1])]
        extra = "".join(f'<button type="button" data-move="{esc(m)}">{esc(hint_words(game, m))}</button>'
                        for m in missing)
        height = mod.height(view, ctx) if hasattr(mod, "height") else mod.HEIGHT
        _el("board").innerHTML = (svg_root(WIDTH, height, body, label=f"{GAMES[s.state.GAME_ID].TITLE} table")
                                  + (f'<div class="more-moves">{extra}</div>' if extra else ""))
        table = _el("table")
        table.setAttribute("data-phase", phase)
        table.setAttribute("data-game", s.state.GAME_ID)
        if self.recentre:               # a new table: on a narrow screen, show its middle (stones) or left
            self.recentre = False
            table.scrollLeft = ((table.scrollWidth - table.clientWidth) / 2
                                if s.state.GAME_ID == "hermit-stones" else 0)
        self.draws += 1
        table.setAttribute("data-draw", str(self.draws))        # lets tests see a redraw happen
        table.setAttribute("data-moves", str(len(s.state.history)))
        _el("status").textContent = self.status_text(phase)
        _el("scores").innerHTML = self.scores_html(view)
        self.draw_log()
        self.show_hint()
        _el("undo").disabled = s.undo_point() is None
        _el("hint").disabled = phase != "your-turn" or s.summary is not None
        _el("assisted").hidden = not self.assisted
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

    def draw_log(self) -> None:
        """The whole game in words, newest at the bottom (scrolled into view)."""
        log = _el("log")
        entries = self.session.log.entries
        log.innerHTML = "".join(f'<li class="round">{esc(e.text)}</li>' if e.kind in gamelog.HEADINGS else
                                f'<li data-seat="{e.seat}" data-kind="{e.kind}">{esc(e.text)}</li>'
                                for e in entries)
        log.setAttribute("data-count", str(len(entries)))
        log.scrollTop = log.scrollHeight

    def status_text(self, phase: str) -> str:
        s = self.session
        if s.watch:
            return ("Game over (watching)." if phase == "over" else
                    f"Watching: {seat_name(self.thinking)} is thinking…" if self.thinking is not None
                    else "Watching the computer players.")
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
        """A round's or the game's result, read from its ``round`` and ``over`` events.

        Columns: each seat's points this round (games with rounds) and its
        total; below, the game's own sentences saying why.
        """
        s = self.session
        sm = s.summary or {}
        rnd, over = sm.get("event"), sm.get("over")
        cls = type(s.state)
        people, you = gamelog.names(), gamelog.you_seat(s.you)
        rows = []
        for i in range(s.state.players):
            this = f"<td>{esc(rnd['points'][i])}</td>" if rnd else ""
            rows.append(f"<tr><td>{esc(seat_name(i))}</td>{this}<td>{esc(view['scores'][i])}</td></tr>")
        head = "<th>Player</th>" + ("<th>This round</th>" if rnd else "") + "<th>Total</th>"
        notes = [t for t in (cls.event_text(e, people, you) for e in (rnd, over) if e) if t]
        if over and self.assisted and not s.watch:
            notes.append("You used undo or a hint: this game counts as assisted in your statistics.")
        table = f"<table><tr>{head}</tr>{''.join(rows)}</table>" + "".join(f"<p>{esc(n)}</p>" for n in notes)
        if s.watch and not over:
            return (f'<div class="dialog" role="dialog" aria-label="Round over"><h2>Round {sm["round"]} is over'
                    f'</h2>{table}</div>')
        if over:
            w = over["winners"]
            title = ("You win!" if w == [s.you] and you is not None else
                     "You lost." if you is not None and w and s.you not in w else
                     "Tie." if len(w) > 1 and (you is None or s.you in w) else
                     "No winner this time." if not w else
                     "Winner: " + ", ".join(seat_name(x) for x in w))
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
        if (str(event.key) == " " and hasattr(event.target, "closest")
                and found(event.target.closest('a[role="button"]'))):
            event.preventDefault()              # Space presses a link drawn as a button
            event.target.closest('a[role="button"]').click()
            return
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
        elif key == "pace":
            self.settings["pace"] = float(str(t.value))
        elif attr(t, "id") == "import-file":
            files = t.files
            if files.length:
                asyncio.ensure_future(self.import_file(files.item(0)))
            t.value = ""
            return
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
                self.begin(state, resumed=True)
        elif action == "rematch":
            st = self.session.state
            self.begin(new_game(st.GAME_ID, players=st.players, seed=self.random_seed(), options=st.options))
        elif action == "new":
            self.generation += 1
            self.cancel_waiter()
            js.history.pushState(None, "", js.location.pathname)
            self.show_start()
        elif action == "watch":
            req = params.parse_query(self.form_query(str(gid)))
            self.begin(new_game(req.game, players=req.players, seed=req.seed, options=req.options),
                       watch=True, pace=float(self.settings["pace"]))
        elif action == "undo":
            self.undo()
        elif action == "hint":
            asyncio.ensure_future(self.give_hint())
        elif action == "rules":
            from .. import help as rules_text      # the texts: only when asked for
            game = str(gid) if gid else (self.session.state.GAME_ID if self.session else None)
            if game in rules_text.HELP:
                self.open_rules(rules_text.HELP[game])
        elif action == "credits":
            from .. import help as rules_text
            self.open_rules(rules_text.CREDITS)
        elif action == "close-rules":
            _el("rules-dialog").close()
        elif action == "share":
            asyncio.ensure_future(self.share())
        elif action == "export":
            self.export()

    # ---- rules, sharing, export and import ------------------------------------------

    def open_rules(self, page: dict) -> None:
        """The rules (or credits) as DOM nodes: text nodes only, no markup from strings."""
        doc = js.document
        _el("rules-title").textContent = page["title"]
        body = _el("rules-body")
        body.replaceChildren()
        for tag_, content in features.help_nodes(page):
            node = doc.createElement(tag_)
            if tag_ == "ul":
                for item in content:
                    li = doc.createElement("li")
                    li.textContent = item
                    node.appendChild(li)
            else:
                node.textContent = content
            body.appendChild(node)
        dialog = _el("rules-dialog")
        if not dialog.open:
            dialog.showModal()
        body.scrollTop = 0

    def share_url(self) -> str:
        return str(js.location.origin) + str(js.location.pathname) + str(_el("share").getAttribute("href"))

    async def share(self) -> None:
        url = self.share_url()
        try:
            await js.navigator.clipboard.writeText(url)
        except Exception:          # no clipboard (insecure origin, permission denied): show the link
            box, field = _el("share-box"), _el("share-field")
            field.value = url
            box.hidden = False
            field.focus()
            field.select()
            self.message("Copy the link below to share this deal.")
            return
        _el("share-box").hidden = True
        self.message("Link to this deal copied: a friend who opens it plays the same cards.")

    def export(self) -> None:
        saved, problems = saves.read_all(self.storage)
        marked = [gid for gid, state in saved.items() if features.is_assisted(self.storage, state)]
        text = stats_mod.export_bundle(saved, self.stats, marked)
        blob = js.Blob.new(to_js([text]), to_js({"type": "application/json"}, dict_converter=js.Object.fromEntries))
        url = js.URL.createObjectURL(blob)
        a = js.document.createElement("a")
        a.href = url
        a.download = features.export_name(str(js.Date.new().toISOString())[:10])
        a.hidden = True
        js.document.body.appendChild(a)
        a.click()
        a.remove()
        js.setTimeout(create_proxy(lambda: js.URL.revokeObjectURL(url)), 10_000)
        n = len(saved)
        self.message(" ".join(problems + [f"Exported {n} saved game{'' if n == 1 else 's'} and your statistics."]))

    async def import_file(self, file) -> None:
        try:
            text = str(await file.text())
            got = stats_mod.import_bundle(text)
        except ValueError as e:
            self.message(f"That file was not imported, and nothing was changed: {e}.")
            return
        except Exception as e:      # unreadable file
            self.message(f"That file could not be read, and nothing was changed ({type(e).__name__}).")
            return
        for gid, state in got.saves.items():
            saves.write(self.storage, state)
            if gid in got.assisted:
                features.mark_assisted(self.storage, state)
            else:
                features.clear_assisted(self.storage, gid)
        self.stats = got.stats
        stats_mod.store(self.storage, got.stats)
        n = len(got.saves)
        self.show_start(got.problems + [f"Imported {n} saved game{'' if n == 1 else 's'} and the statistics."])


def main() -> App:
    app = App()
    app.start()
    return app
