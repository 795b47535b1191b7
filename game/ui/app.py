"""The browser side: the one module that touches ``js`` (with :mod:`game.ui.boot`; the
Replay screen's glue, :mod:`game.ui.replay_page`, gets it from here).

It puts the screens' markup (:mod:`game.ui.screens`) into the page, turns
clicks and keys into actions, runs the turn loop (:mod:`game.ui.controller`)
with the browser's sleep and a sliced AI search, and keeps localStorage.
Nothing is read back from the DOM except which element was clicked and the
start screen's form fields.

The start page is already in the HTML when this starts (static/js/start.js
kept any button pressed meanwhile: it is carried out here).  Screens are
history entries: entering a game or a statistics page from the list pushes
one, so Back returns to the list and Forward to the game (resumed from its
save); a bad link becomes a notice and a clean address.  One game is played
in one tab (:mod:`game.ui.tabs`): storage events from other tabs can make
this one stand aside.
"""

from __future__ import annotations

import asyncio
import json
import time
import traceback
from typing import Awaitable, Callable

import js  # type: ignore[import-not-found]
from pyodide.ffi import create_proxy, to_js  # type: ignore[import-not-found]

try:
    from pyodide.ffi import jsnull  # type: ignore[import-not-found]
except ImportError:  # older Pyodide: null arrives as None
    jsnull = None

from .. import GAMES, new_game
from .. import daily as daily_mod, stats as stats_mod
from ..ai import start_ponder, start_search
from ..core import State
from . import cards, features, gamelog, saves, settings as settings_mod, tabs, urls
from .controller import Controller, Pacing
from .replay_page import LINK, ReplayPage
from .restartable import Restartable
from .wakeups import Ledger
from .gamelog import hint_words
from .screens import play as play_screen, result as result_screen, start as start_screen, stats as stats_screen
from .session import Session

SLICE = 0.03          # seconds of search per slice before yielding to the browser
PONDER_REST = 0.03    # pondering during the person's turn: a rest this long after every slice
TICK = 1.0            # seconds between checks for a stalled search (App.on_tick)
HINT_LEVEL = "normal"
RELOAD = "Something went wrong; please reload the page (your game is saved)."
#: history.state of an entry pushed from the list (Back from it returns there)
FROM_LIST = "from-list"
#: the page's screens: element id -> screen name
SCREENS = {"start": "start", "play": "play", "stats-page": "stats", "notice": "notice"}


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


def _progress(search: object) -> dict[str, object] | None:
    """A search's progress for failure reports: its kind, iterations, seconds spent and
    allowed, whether it is done."""
    if search is None:
        return None
    return {"kind": type(search).__name__,
            **{name: getattr(search, name) for name in ("iterations", "budget", "elapsed", "seconds", "done")
               if isinstance(getattr(search, name, None), (int, float, bool))}}


class App:
    def __init__(self) -> None:
        try:
            self.storage = LocalStorage(js.localStorage)
            self.storage.getItem("hermitage.probe")
        except Exception:  # storage blocked (private mode): play without saves
            self.storage = saves.MemoryStorage()
        self.settings = settings_mod.load(self.storage)
        self.pacing = Pacing(fast=self.settings.fast)
        self.controller: Controller | None = None
        self.look = play_screen.Look()
        self._proxies = []
        self.draws = 0
        self.refocus: str | None = None   # card id to focus after a redraw (keyboard play)
        self.longest_slice = 0.0      # the longest AI search slice so far (seconds)
        self.pondered = [0.0, 0]      # thinking during the person's turns: seconds, positions
        self._ticked = time.perf_counter()    # the last on_tick
        self.ticks = 0                # on_tick calls so far (failure reports show them)
        self.last_search: object = None   # the search started last (failure reports show its progress)
        self.wakeups = Ledger(asyncio.get_event_loop(), time.perf_counter).install()
        self.assisted = False         # undo or a hint was used in this deal
        self.hinting: Restartable[str] | None = None     # the hint's search, while it runs
        self._tasks: set[asyncio.Future[None]] = set()     # spawn()'s tasks, while they run
        self.recentre = False
        self.dialog = ""              # the dialog's markup now on screen
        self.announced = 0            # log entries already announced in the live region
        self.stats, problem = stats_mod.load(self.storage)
        self.startup_problems = [problem] if problem else []
        self.hold = tabs.Hold(self.storage, f"{self.random_seed():x}")
        self.aside: str | None = None      # the game this tab stood aside from (another tab plays it)
        self.screen = "start"
        self.replay = ReplayPage(self, js)

    @property
    def session(self) -> Session | None:
        return self.controller.session if self.controller is not None else None

    # ---- start -----------------------------------------------------------------

    def start(self) -> None:
        _el("suit-symbols").innerHTML = cards.symbol_defs()
        for name, fn in (("click", self.on_click), ("keydown", self.on_key), ("change", self.on_change)):
            p = create_proxy(fn)
            self._proxies.append(p)
            js.document.addEventListener(name, p)
        for target, name, fn in ((js.window, "popstate", lambda e: self.open_from_url(returning=True)),
                                 (js.window, "resize", lambda e: self.on_resize()),
                                 (js.window, "storage", self.on_storage)):
            p = create_proxy(fn)
            self._proxies.append(p)
            target.addEventListener(name, p)
        debug = create_proxy(self.debug_state)
        self._proxies.append(debug)
        js.window.hermitageDebug = debug
        tick = create_proxy(self.on_tick)
        self._proxies.append(tick)
        js.setInterval(tick, TICK * 1000)
        _el("loading").hidden = True            # gone before the first table is drawn (no shift after)
        _el("import-file").disabled = False
        self.adopt_settings()
        js.document.documentElement.setAttribute("data-open", "app")   # Python shows the screens now
        self.open_from_url()
        try:
            pending = str(js.window.hermitageStart.take() or "")
        except AttributeError:                   # static/js/start.js not loaded
            pending = ""
        if pending and self.screen == "start":   # a button pressed before Python was ready
            action, _, gid = pending.partition(" ")
            self.activate_action(action, gid or None)
        js.window.dispatchEvent(js.Event.new("hermitage:ready"))
        js.window.hermitageReady()

    def open_from_url(self, returning: bool = False) -> None:
        """Show what the address asks for (``returning``: Back or Forward brought it)."""
        search = str(js.location.search)
        hash_ = str(js.location.hash or "")
        if hash_.startswith(LINK):
            self.open_replay(hash_)
            return
        o = urls.open_query(search, self.storage, self.settings, self.random_seed, returning=returning)
        if o.stats is not None:
            self.show_stats(o.stats)
        elif o.notice is not None:
            self.show_notice(o.notice)
        elif o.state is None:
            if search:                           # nothing to open here: a clean address
                js.history.replaceState(None, "", str(js.location.pathname))
            self.show_start(o.problems)
        else:
            self.begin(o.state, o.problems, watch=o.watch, pace=o.pace, resumed=o.resumed)

    def show_screen(self, name: str) -> None:
        if name != "play" and self.replay.view is not None:
            self.replay.leave()
        self.screen = name
        for id_, screen in SCREENS.items():
            _el(id_).hidden = screen != name
        if name != "play":
            _el("elsewhere").hidden = True

    def adopt_settings(self) -> None:
        """The settings panel: a control changed before Python started is taken as
        the person's choice; the others show the stored settings."""
        changed = False
        for el in js.document.querySelectorAll("[data-setting]"):
            key = attr(el, "data-setting")
            if str(el.type) == "checkbox":
                if bool(el.checked) != bool(el.defaultChecked):
                    changed |= settings_mod.change(self.settings, key, bool(el.checked))
            elif el.selectedIndex >= 0 and not el.options.item(el.selectedIndex).defaultSelected:
                changed |= settings_mod.change(self.settings, key, str(el.value))
        if changed:
            settings_mod.store(self.storage, self.settings)
        self.show_settings()

    def show_settings(self) -> None:
        _el("level").value = self.settings.level
        _el("fast").checked = self.settings.fast
        _el("pace").value = f"{self.settings.pace:g}"

    @staticmethod
    def random_seed() -> int:
        return int(js.Math.random() * 2_000_000_000)

    def show_start(self, problems: list[str] | None = None) -> None:
        """The list: its cards are in the page; fill in saves and statistics."""
        self.stop()
        saved, more = saves.read_all(self.storage)
        self.message(" ".join(self.startup_problems + (problems or []) + more))
        self.startup_problems = []
        self.refresh_cards(saved)
        self.show_settings()
        self.show_screen("start")
        _el("table").setAttribute("data-phase", "loading")
        js.document.title = "Hermitage"
        anchor = str(js.location.hash or "")
        if anchor.startswith("#game-") and found(_el(anchor[1:])):
            _el(anchor[1:]).scrollIntoView()

    def refresh_cards(self, saved: dict[str, State] | None = None) -> None:
        """Each card's Continue button (first when a save exists) and statistics line."""
        if saved is None:
            saved, _ = saves.read_all(self.storage)
        self.stats, _ = stats_mod.load(self.storage)
        for gid in GAMES:
            card = _el(f"game-{gid}")
            cont = card.querySelector('[data-action="continue"]')
            play = card.querySelector('[data-action="new-deal"]')
            state = saved.get(gid)
            cont.hidden = state is None
            if state is not None:
                cont.textContent = start_screen.continue_label(state)
            play.textContent = "Play" if state is None else "New game"
            play.classList.toggle("primary", state is None)
            card.querySelector("[data-stats]").textContent = features.stats_line(gid, self.stats.get(gid))
            again = card.querySelector('[data-action="replay"]')
            if found(again):
                again.hidden = state is None or not state.history
            line = card.querySelector("[data-daily]")
            if found(line):
                line.textContent = daily_mod.summary_line(daily_mod.load(self.storage), gid, self.today())

    def show_notice(self, text: str) -> None:
        """A link that opens nothing: why, in a player's words, and a clean address."""
        self.stop()
        _el("notice-text").textContent = text
        self.show_screen("notice")
        js.history.replaceState(None, "", str(js.location.pathname))
        js.document.title = "Hermitage"
        js.document.querySelector('#notice [data-action="list"]').focus()

    def show_stats(self, gid: str) -> None:
        self.stop()
        self.stats, _ = stats_mod.load(self.storage)
        daily = daily_mod.summary_line(daily_mod.load(self.storage), gid, self.today())
        _el("stats-page").innerHTML = stats_screen.page_html(gid, self.stats, daily)
        self.show_screen("stats")
        js.document.title = f"{GAMES[gid].TITLE} statistics · Hermitage"
        js.window.scrollTo(0, 0)

    def go_to_list(self) -> None:
        """Back to the list: through the history when this entry was entered from it."""
        if js.history.state == FROM_LIST:
            js.history.back()                    # popstate shows the list; Forward comes back
            return
        if str(js.location.search) or str(js.location.hash).startswith(LINK):
            js.history.pushState(None, "", str(js.location.pathname))
        self.show_start()

    def form_query(self, gid: str) -> str:
        """The share link for the deal the start screen's form describes (a fresh seed)."""
        form = js.document.querySelector(f'form[data-game="{gid}"]')
        fields = []
        for field in form.elements:
            name, kind = str(field.name or ""), str(field.type)
            if kind == "checkbox":
                fields.append((name, "true" if field.checked else "false"))
            elif kind == "radio":
                if field.checked:
                    fields.append((name, str(field.value)))
            elif kind not in ("button", "fieldset"):
                fields.append((name, str(field.value)))
        return urls.form_query(gid, fields, self.random_seed())

    # ---- a game ---------------------------------------------------------------------

    def stop(self) -> None:
        """Leave the table: the turn loop's task is cancelled wherever it waits."""
        if self.controller is not None:
            self.controller.cancel()
        self.controller = None
        self.hold.release()
        self.replay.leave()

    def begin(self, state: State, problems: list[str] | None = None, *, watch: bool = False,
              pace: float | None = None, resumed: bool = False, push: bool = False) -> None:
        """Seat ``state`` at the table; ``push``: a new history entry (entered from the list),
        else the address is corrected in place."""
        gamelog.watching(watch)
        self.pacing.watch_pace = self.settings.pace if pace is None else pace
        self.pacing.fast = self.settings.fast
        self.play_session(Session(state, level=self.settings.level, watch=watch))
        shown = urls.address(state, watch=watch, pace=self.pacing.watch_pace)
        self.aside = None
        if watch:
            self.assisted = False
        else:
            self.hold.hold(state)                # another tab with this game stands aside
            if not resumed:
                features.clear_assisted(self.storage, state.GAME_ID)   # a fresh deal starts unassisted
            self.assisted = features.is_assisted(self.storage, state)
            self.save(state)
        if push:
            js.history.pushState(FROM_LIST, "", shown)
        elif str(js.location.search) != shown:
            js.history.replaceState(js.history.state, "", shown)
        self.show_screen("play")
        _el("play").classList.remove("replaying")
        _el("replay-bar").hidden = True
        _el("share").setAttribute("href", urls.share(state))
        _el("share-box").hidden = True
        _el("play").classList.toggle("watching", watch)
        js.document.title = f"{GAMES[state.GAME_ID].TITLE} · Hermitage" + (" (watching)" if watch else "")
        self.message(" ".join(problems or []))
        self.recentre = True
        self.draw(animate=False)         # the table in the same frame as the screen (nothing jumps)

    def play_session(self, session: Session) -> None:
        """Seat ``session`` at the table and start its turn loop (the old one is cancelled)."""
        if self.controller is not None:
            self.controller.cancel()
        self.look = play_screen.Look()
        self.announced = len(session.log.entries)
        self.controller = Controller(session, draw=self.draw, sleep=asyncio.sleep, think=self.think,
                                     pacing=self.pacing, on_move=self.on_move, on_over=self.record_result,
                                     ponder=lambda: self.ponder(session))
        self.controller.start().add_done_callback(self._loop_ended)

    def on_tick(self) -> None:
        """Every TICK seconds (a browser timer): run the wake-ups the browser never delivered
        (:mod:`.wakeups`), and restart a computer player's search (Controller.rescue) or the
        hint's search that has stalled.  A tick that comes late means the whole page was
        paused (a hidden tab, a suspended laptop): the search then gets its time again."""
        self.ticks += 1
        swept = self.wakeups.sweep()          # wake-ups the browser never delivered (.wakeups)
        if swept:
            js.console.warn(f"Hermitage: {swept} wake-up(s) the browser had not delivered were run "
                            f"by the clock tick ({self.wakeups.swept} so far)")
            _el("table").setAttribute("data-swept", str(self.wakeups.swept))
        now = time.perf_counter()
        late = now - self._ticked > 3 * TICK
        self._ticked = now
        ctl = self.controller
        if ctl is None:
            return
        hint = self.hinting
        if late:
            ctl.beat()
            if hint is not None:
                hint.beat()
        elif ctl.rescue():
            js.console.warn(f"Hermitage: {gamelog.seat_name(ctl.thinking)}'s search had stalled; "
                            f"it was started again ({ctl.rescues} so far)")
            _el("table").setAttribute("data-rescues", str(ctl.rescues))
        elif hint is not None and hint.rescue():
            js.console.warn(f"Hermitage: the hint's search had stalled; it was started again "
                            f"({hint.restarts} so far)")

    def debug_state(self) -> str:
        """What the turn loop and the hint are waiting for, as JSON (the e2e suite's failure
        reports call ``window.hermitageDebug()``)."""
        ctl, hint = self.controller, self.hinting
        return json.dumps({
            "ticks": self.ticks, "since_tick": round(time.perf_counter() - self._ticked, 2),
            "wakeups": {"swept": self.wakeups.swept, "waiting": self.wakeups.waiting()},
            "tasks": len(self._tasks),
            "controller": None if ctl is None else {
                "phase": ctl.phase(), "thinking": ctl.thinking, "rescues": ctl.rescues,
                "search": ctl.search_status()},
            "hint": hint.status() if hint is not None else None,
            "last_search": _progress(self.last_search)})

    def spawn(self, job: Awaitable[None]) -> None:
        """Run ``job`` (a button's work: a hint, a share) in the background.  The event loop
        keeps only weak references to tasks, so this set keeps each until it ends; one that
        fails says so in the console and to the player instead of failing silently."""
        task = asyncio.ensure_future(job)
        self._tasks.add(task)
        task.add_done_callback(self._spawned_ended)

    def _spawned_ended(self, task: "asyncio.Future[None]") -> None:
        self._tasks.discard(task)
        self._task_failed(task, "Something went wrong; your game is saved up to the last move.")

    def _loop_ended(self, task: "asyncio.Future[None]") -> None:
        self._task_failed(task, "Something went wrong at the table; your game is saved up to the last move.")

    def _task_failed(self, task: "asyncio.Future[None]", text: str) -> None:
        if not task.cancelled() and task.exception() is not None:
            self._went_wrong(task.exception(), text)

    def _went_wrong(self, exc: BaseException, text: str) -> None:
        """Log ``exc`` in full for a maintainer and tell the player ``text``."""
        js.console.error("Hermitage: " + "".join(traceback.format_exception(exc)))
        self.message(text)

    async def search(self, session: Session, seat: int, level: str, seed: int,
                     beat: Callable[[], None] | None = None) -> str:
        """The AI's move for ``seat``, searched in short slices (the page stays responsive);
        ``beat()`` after each slice (default: the controller's, for a computer player)."""
        search = start_search(session.state.clone(), seat, level, seed, memory=session.memory_of(seat))
        self.last_search = search
        while True:
            a = time.perf_counter()
            done = search.step(SLICE)
            self.longest_slice = max(self.longest_slice, time.perf_counter() - a)
            if beat is not None:
                beat()
            elif self.controller is not None and self.controller.session is session:
                self.controller.beat()
            if done:
                break
            await asyncio.sleep(0)        # let the browser paint and handle input
        _el("table").setAttribute("data-longest-slice-ms", f"{self.longest_slice * 1000:.0f}")
        return search.best()

    async def ponder(self, session: Session) -> None:
        """The computer seats think during the person's turn where their level does (hard,
        in stones: game.ai.start_ponder), a slice at a time with a rest after each, so the
        page stays as quick as ever; the controller stops this when the person moves."""
        for seat in range(session.state.players):
            if seat == session.you:
                continue
            job = start_ponder(session.state, seat, session.level, session.memory_of(seat))
            while job is not None:
                a = time.perf_counter()
                nodes = job.nodes
                done = job.step(SLICE)
                took = time.perf_counter() - a
                self.longest_slice = max(self.longest_slice, took)
                self.pondered[0] += took
                self.pondered[1] += job.nodes - nodes
                table = _el("table")
                table.setAttribute("data-pondered-ms", f"{self.pondered[0] * 1000:.0f}")
                table.setAttribute("data-pondered-positions", str(self.pondered[1]))
                table.setAttribute("data-longest-slice-ms", f"{self.longest_slice * 1000:.0f}")
                if done:
                    break
                await asyncio.sleep(PONDER_REST)

    async def think(self, seat: int) -> str:
        s = self.session
        return await self.search(s, seat, s.level, s.ai_seed())

    def record_result(self) -> None:
        s = self.session
        if s is None or s.watch or self.hold.game != s.state.GAME_ID:
            return
        self.stats, _ = stats_mod.load(self.storage)      # another tab may have recorded since
        new = stats_mod.record_result(self.stats, s.state, you=s.you, assisted=self.assisted,
                                      level=s.level, date=str(js.Date.new().toISOString())[:10])
        date = self.daily_date(s.state)
        if date is not None:
            won, score = stats_mod.outcome(s.state, s.you)
            d = daily_mod.load(self.storage)
            daily_mod.store(self.storage, daily_mod.record(d, s.state.GAME_ID, date, won and not self.assisted, score))
        if new != self.stats:
            self.stats = new
            stats_mod.store(self.storage, new)
            self.draw(animate=False)          # the result's statistics line counts this game

    # ---- one game, one tab --------------------------------------------------------

    def save(self, state: State) -> None:
        """Save the game at the table, unless another tab has taken it (then stand aside)."""
        if not self.hold.write(state):
            self.stand_aside()

    def on_storage(self, event) -> None:
        """Another tab changed localStorage."""
        key = event.key if isinstance(event.key, str) else None
        value = event.newValue if isinstance(event.newValue, str) else None
        if self.screen == "play" and self.hold.lost(key, value):
            self.stand_aside()
        elif self.screen == "start" and (key is None or key.startswith(saves.PREFIX) or key == stats_mod.STATS_KEY):
            self.refresh_cards()

    def stand_aside(self) -> None:
        """Another tab plays this game now: stop here and say so (nothing is saved from here)."""
        gid = self.hold.game
        if gid is None:
            return
        self.stop()
        self.aside = gid
        _el("elsewhere").hidden = False
        js.document.querySelector('#elsewhere [data-action="play-here"]').focus()

    def play_here(self) -> None:
        """Take the game back into this tab from its latest save."""
        gid, self.aside = self.aside, None
        _el("elsewhere").hidden = True
        state, problem = saves.read(self.storage, gid) if gid else (None, None)
        if state is None:
            self.show_start([problem or "That game is no longer saved."])
            return
        self.begin(state, resumed=True)

    def on_move(self, seat: int, move: str) -> None:
        """After every move: save, forget the picked-up card and hint, announce computer moves."""
        s = self.session
        if not s.watch and move != "continue":
            self.save(s.state)
            if self.controller is None:          # another tab had moved: this one stood aside
                return
        if seat == s.you and not s.watch:
            self.look.selected = None
            self.look.hint = None
            self.announced = len(s.log.entries)
            self.message("")
            return
        lines = s.log.lines()
        said = [text for who, text in lines[self.announced:] if who != s.you or s.watch]
        self.announced = len(lines)
        if said:
            _el("announce").textContent = " ".join(said)

    def person_move(self, move: str) -> None:
        if self.controller is None:
            return
        problem = self.controller.submit(move)
        if problem:
            self.message(problem)

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
        new = s.undone()
        new.level = s.level
        self.play_session(new)
        self.save(new.state)
        if self.controller is None:
            return
        self.mark_assisted()
        self.message("Undone: back to your previous decision. This game now counts as assisted.")

    async def give_hint(self) -> None:
        ctl = self.controller
        if ctl is None or self.hinting is not None:
            return
        s = ctl.session
        if ctl.phase() != "your-turn" or s.summary is not None:
            self.message("A hint is for your turn.")
            return
        n = len(s.state.history)
        job: Restartable[str] = Restartable(
            lambda: self.search(s, s.you, HINT_LEVEL, s.ai_seed() ^ 0x5EED, beat=lambda: job.beat()),
            time.perf_counter)
        self.hinting = job
        _el("hint").setAttribute("aria-busy", "true")
        self.message("Looking for a good move…")
        try:
            move = await job.result()
        finally:
            job.cancel()
            self.hinting = None
            _el("hint").removeAttribute("aria-busy")
        if ctl is not self.controller or len(s.state.history) != n or s.summary is not None:
            self.message("")
            return
        self.look.hint = move
        self.mark_assisted()
        self.draw(animate=False)
        self.message(f"Hint: {hint_words(s.state, move)} (this game now counts as assisted)")

    def show_hint(self) -> None:
        """Highlight the suggested move (or the card that leads to it)."""
        move = self.look.hint
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

    def draw(self, animate: bool = True) -> float:
        """Put the table on screen; returns how long its motion lasts (seconds).  Only the
        turn loop's draws animate (it draws again when the motion ends)."""
        ctl = self.controller
        if ctl is None:
            return 0.0
        s = ctl.session
        phase = ctl.phase()
        board = _el("board")
        self.look.thinking = ctl.thinking
        self.look.held = ctl.held
        self.look.width = play_screen.table_width(float(board.clientWidth or 0))
        animate = animate and not self.recentre and not (self.pacing.fast and not s.watch)
        mover = s.last[0] if s.last is not None else -1
        fresh = " ".join(type(s.state).move_cards(s.last[1])) if s.last is not None else ""
        motion = float(js.hermitageDraw(board, play_screen.board_html(s, self.look), mover, animate, fresh) or 0)
        if motion > 0 and phase == "your-turn":
            phase = "waiting"            # the page contract: waiting while cards move
        table = _el("table")
        table.setAttribute("data-phase", phase)
        table.setAttribute("data-game", s.state.GAME_ID)
        self.recentre = False
        self.draws += 1
        table.setAttribute("data-draw", str(self.draws))        # lets tests see a redraw happen
        table.setAttribute("data-moves", str(len(s.state.history)))
        _el("status").textContent = play_screen.status_text(s, phase, ctl.thinking)
        # what holds the table (for tests and for a person reading the page's state)
        table.setAttribute("data-held", "trick" if ctl.held is not None else "")
        table.setAttribute("data-motion", f"{motion:.2f}")
        _el("scores").innerHTML = play_screen.scores_html(s.state.view(s.you))
        log = _el("log")
        log.innerHTML = play_screen.log_html(s.log.entries)
        log.setAttribute("data-count", str(len(s.log.entries)))
        log.scrollTop = log.scrollHeight
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
        stats = features.stats_line(s.state.GAME_ID, self.stats.get(s.state.GAME_ID)) if s.state.is_over() else ""
        daily = s.state.is_over() and not s.watch and self.daily_date(s.state) is not None
        html = result_screen.dialog_html(s, self.assisted, stats, daily=daily) if ctl.held is None else ""
        if html != self.dialog:
            self.dialog = html
            overlay.innerHTML = html
            overlay.hidden = not html
            overlay.classList.remove("peek")
        return motion

    def message(self, text: str) -> None:
        m = _el("message")
        m.textContent = text
        m.hidden = not text

    def on_resize(self) -> None:
        """A new width: redraw when the table's layout width changes."""
        if self.replay.view is not None:
            self.replay.draw()
            return
        if self.controller is None:
            return
        width = play_screen.table_width(float(_el("board").clientWidth or 0))
        if width != self.look.width:
            self.draw(animate=False)        # no motion for a re-layout

    # ---- events ---------------------------------------------------------------------

    def on_click(self, event) -> None:
        if not hasattr(event.target, "closest"):
            return
        if found(event.target.closest("#message")):      # a tap sets the message aside
            self.message("")
            return
        target = event.target.closest("[data-move],[data-select],[data-illegal],[data-action],.plate[data-seat]")
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
                self.refocus = attr(target, "data-select") or attr(target, "data-card")
                self.activate(target)

    def on_change(self, event) -> None:
        t = event.target
        key = attr(t, "data-setting") if hasattr(t, "getAttribute") else None
        if hasattr(t, "getAttribute") and attr(t, "data-replay") == "round":
            self.replay.go(int(str(t.value)))
        elif key is not None:
            settings_mod.change(self.settings, key, bool(t.checked) if key == "fast" else str(t.value))
            self.pacing.fast = self.settings.fast
            if self.session is not None:
                self.session.level = self.settings.level
            settings_mod.store(self.storage, self.settings)
        elif attr(t, "id") == "import-file":
            files = t.files
            if files.length:
                self.spawn(self.import_file(files.item(0)))
            t.value = ""

    def activate(self, target) -> None:
        try:
            self._activate(target)
        except Exception as e:
            self._went_wrong(e, RELOAD)

    def activate_action(self, action: str, gid: str | None) -> None:
        try:
            self.action(action, gid)
        except Exception as e:
            self._went_wrong(e, RELOAD)

    def _activate(self, target) -> None:
        def get(name: str) -> str | None:
            return attr(target, name)
        move, sel, bad, action = get("data-move"), get("data-select"), get("data-illegal"), get("data-action")
        if move is not None:
            self.person_move(str(move))
        elif sel is not None:
            self.look.selected = None if self.look.selected == str(sel) else str(sel)
            if self.controller is not None:
                self.draw(animate=False)
        elif bad is not None and self.session is not None:
            self.message(self.session.explain(str(bad)))
        elif action == "replay-to":
            self.replay.go(int(str(get("data-step") or 0)))
        elif action is not None:
            self.action(str(action), get("data-game"))
        elif get("data-seat") is not None and self.session is not None:     # a plate: its captured cards
            page = play_screen.captured_page(self.session, int(str(get("data-seat"))))
            if page is not None:
                self.open_rules(page)

    def form_deal(self, gid: str) -> State | None:
        """The deal a card's form describes (None, with the problem shown, if it is not one)."""
        try:
            return urls.deal_from(self.form_query(gid))
        except ValueError as e:
            self.message(f"Please check the options: {getattr(e, 'rule', '') or e}.")
            return None

    def action(self, action: str, gid) -> None:
        if action == "new-deal":
            state = self.form_deal(str(gid))
            if state is not None:
                self.begin(state, push=True)
        elif action == "continue":
            state, problem = saves.read(self.storage, str(gid))
            if state is None:
                self.show_start([problem] if problem else [])
            else:
                self.begin(state, resumed=True, push=True)
        elif action == "rematch":
            st = self.session.state
            self.begin(new_game(st.GAME_ID, players=st.players, seed=self.random_seed(), options=st.options))
        elif action in ("new", "list"):
            self.go_to_list()
        elif action == "play-here":
            self.play_here()
        elif action == "stats":
            url = urls.stats_query(str(gid))
            if self.screen == "stats":             # from one game's page to another's: the same entry
                js.history.replaceState(js.history.state, "", url)
            else:
                js.history.pushState(FROM_LIST if self.screen == "start" else None, "", url)
            self.show_stats(str(gid))
        elif action == "watch":
            state = self.form_deal(str(gid))
            if state is not None:
                self.begin(state, watch=True, pace=self.settings.pace, push=True)
        elif action == "see-table":
            peek = _el("overlay").classList.toggle("peek")
            button = js.document.querySelector('#overlay [data-action="see-table"]')
            if found(button):
                button.textContent = "Show the result" if peek else "See the table"
        elif action == "drawer":
            open_ = _el("side").classList.toggle("open")
            _el("drawer-toggle").setAttribute("aria-expanded", "true" if open_ else "false")
        elif action == "undo":
            self.undo()
        elif action == "hint":
            self.spawn(self.give_hint())
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
            self.spawn(self.share())
        elif action == "export":
            self.export()
        elif action == "daily":
            self.play_daily(str(gid))
        elif action == "replay":
            self.watch_again(str(gid) if gid else None)
        elif action == "replay-play":
            self.replay.toggle_play()
        elif action == "replay-share":
            self.spawn(self.share_replay())
        elif action == "share-result":
            self.spawn(self.share_result())

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
        await self.copy_text(self.share_url(), "Link to this deal copied: a friend who opens it plays the same cards.",
                             "Copy the link below to share this deal.")

    # ---- replays and today's deal ---------------------------------------------------

    @staticmethod
    def today() -> str:
        """Today's date in UTC (YYYY-MM-DD): the day of the daily deals."""
        return str(js.Date.new().toISOString())[:10]

    def daily_date(self, state: State) -> str | None:
        return daily_mod.deal_date(state, self.today())

    def play_daily(self, gid: str) -> None:
        """Today's deal: continued when it is the game's save, else dealt."""
        state = daily_mod.deal(gid, self.today())
        saved, _ = saves.read(self.storage, gid)
        if saved is not None and saved.to_json()["seed"] == state.seed and daily_mod.deal_date(saved, self.today()):
            self.begin(saved, resumed=True, push=True)
        else:
            self.begin(state, push=True)

    def open_replay(self, hash_: str) -> None:
        """A replay link: the game again, or a notice saying why it does not open."""
        from .. import replay as replay_mod       # only for a replay (start-up time)
        try:
            replay = replay_mod.decode(hash_)
        except replay_mod.ReplayError as e:
            self.show_notice(str(e))
            return
        self.stop()
        self.replay.show(replay)

    def watch_again(self, gid: str | None) -> None:
        """The game at the table (or the saved game of ``gid``) as a replay, in a new history entry."""
        if gid is None and self.session is not None:
            state, watch = self.session.state, self.session.watch
        else:
            state, problem = saves.read(self.storage, str(gid))
            watch = False
            if state is None:
                self.show_start([problem or "That game is no longer saved."])
                return
        from .. import replay as replay_mod
        from_list = self.screen == "start"
        replay = replay_mod.from_save(state, watch)
        self.stop()
        self.replay.show(replay)
        js.history.pushState(FROM_LIST if from_list else None, "", str(js.location.pathname) + self.replay.link)

    async def copy_text(self, text: str, done: str, fallback: str) -> None:
        """Copy ``text`` to the clipboard, or show it in a field to copy by hand."""
        try:
            await js.navigator.clipboard.writeText(text)
        except Exception:          # no clipboard (insecure origin, permission denied): show it
            box, field = _el("share-box"), _el("share-field")
            field.value = text
            box.hidden = False
            field.focus()
            field.select()
            self.message(fallback)
            return
        _el("share-box").hidden = True
        self.message(done)

    async def share_replay(self) -> None:
        if self.replay.view is not None:
            url = self.replay.share_url()
        elif self.session is not None:
            from .. import replay as replay_mod
            url = (str(js.location.origin) + str(js.location.pathname)
                   + replay_mod.fragment(self.session.state, self.session.watch))
        else:
            return
        await self.copy_text(url, "Link to this game copied: whoever opens it watches it move by move, "
                                  "seeing what you saw.", "Copy the link below to share this game.")

    async def share_result(self) -> None:
        s = self.session
        date = self.daily_date(s.state) if s is not None else None
        if s is None or date is None or not s.state.is_over():
            return
        link = str(js.location.origin) + str(js.location.pathname) + daily_mod.query(s.state.GAME_ID, date)
        await self.copy_text(daily_mod.share_text(s.state, date, link), "Your result is copied, without the cards.",
                             "Copy the text below to share your result.")

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
