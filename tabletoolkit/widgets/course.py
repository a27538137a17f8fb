"""The workshop course: tracks of lessons (one notebook each) with a goal, a duration and prerequisites.

``00_start_here.ipynb`` shows the map (``course_map_html``); every lesson ends with a cell linking the
next lesson of its track and the map (``next_cell_markdown``, written by ``scripts/course_links.py``).
Durations are estimates for a class working through the notebook with its widgets and exercises; each track
also carries a plan for one 90-minute session (``Track.session``: what to do, notebook by notebook).
"""

from __future__ import annotations

import html
from dataclasses import dataclass

START = "00_start_here.ipynb"


@dataclass(frozen=True)
class Lesson:
    notebook: str
    title: str
    goal: str
    minutes: int
    needs: tuple[str, ...] = ()


@dataclass(frozen=True)
class Slot:
    """One part of a session: how many minutes, in which notebook, doing what."""

    minutes: int
    notebook: str
    what: str


SESSION_MINUTES = 90


@dataclass(frozen=True)
class Track:
    """A track's lessons and a 90-minute session plan; in a ``sequential`` track each lesson also needs the one
    before it."""

    name: str
    audience: str
    lessons: tuple[Lesson, ...]
    sequential: bool = True
    session: tuple[Slot, ...] = ()

    @property
    def minutes(self) -> int:
        return sum(lesson.minutes for lesson in self.lessons)


COURSE = (
    Track("Starship Merchants", "one game, from its first rule to a whole game played at the table", (
        Lesson("merchants_loop_shipyard.ipynb", "The loop, the Shipyard and the Market",
               "Read a turn's three options, buy or lease a ship, and play a whole game at the table.", 25, (START,)),
        Lesson("merchants_belt.ipynb", "Planning a belt run with exact odds",
               "Spend a ship's energy decision by decision, and find the best plan with its exact expected payout.", 30),
        Lesson("merchants_dock.ipynb", "The Dock: payout and scrapping",
               "Itemise a payout, scrap an obsolete ship and pass its cards on.", 15),
        Lesson("merchants_end.ipynb", "The end game", "Trigger the end, play the last turns and break a tie.", 20),
    ), session=(
        Slot(10, START, "The course, the stepper and a first exact chance: predict the 7, then reveal it."),
        Slot(20, "merchants_loop_shipyard.ipynb", "Predict a lease's cost; change the loan markers; play a few turns at the table."),
        Slot(25, "merchants_belt.ipynb", "Predict the ice; plan a run with the buttons; make exploring cheaper and compare the best plans."),
        Slot(10, "merchants_dock.ipynb", "Predict the Kestrel's payout; step through the Dock; change the destination bonus."),
        Slot(15, "merchants_end.ipynb", "Predict the winner; step through the end; replay it under other bonuses."),
        Slot(10, "merchants_loop_shipyard.ipynb", "In pairs at the table (section 8): play on, then press Play bots to the end."),
    )),
    Track("Andromeda's Edge", "one game, from the board to the final score", (
        Lesson("andromeda_board_and_range.ipynb", "The board is a graph",
               "Find where a ship can launch, where raids and escalation reach, and where pirates land.", 15, (START,)),
        Lesson("andromeda_launch_turn.ipynb", "A launch turn", "Set up, launch, activate a region and claim moons.", 15),
        Lesson("andromeda_battle_odds.ipynb", "Exact battle odds",
               "Predict a battle, then read its exact odds and the die that decides it.", 15),
        Lesson("andromeda_battle.ipynb", "A battle, step by step",
               "Step through diplomacy, preparation, the roll, the result and the damage.", 15),
        Lesson("andromeda_return_turn.ipynb", "The return turn", "Activate modules, return ships and repair.", 10),
        Lesson("andromeda_tracks_and_events.ipynb", "Progress tracks and events",
               "Advance a track, resolve an event and place its pirates.", 10),
        Lesson("andromeda_developments.ipynb", "Developments", "Build a development and see what it is worth.", 5),
        Lesson("andromeda_final_scoring.ipynb", "The game end and final scoring",
               "Score a finished game, 2v2 teams and the optional rules included.", 5),
        Lesson("andromeda_table.ipynb", "Andromeda's Edge at the table",
               "Play a whole game against bots: a battle's odds before the dice, 2v2 teams, a rule changed then played.",
               20),
    ), session=(
        Slot(10, START, "The course, the stepper and a first exact chance: predict the 7, then reveal it."),
        Slot(10, "andromeda_board_and_range.ipynb", "Where a ship can launch, where raids reach, where pirates land."),
        Slot(10, "andromeda_launch_turn.ipynb", "Step through a launch turn: launch, activate, claim moons."),
        Slot(15, "andromeda_battle_odds.ipynb", "Predict a battle, reveal its exact odds; change the dice cap and the aim."),
        Slot(10, "andromeda_battle.ipynb", "Step through one battle, from diplomacy to the damage."),
        Slot(10, "andromeda_return_turn.ipynb", "A return turn; price a repair under a harsher damage penalty; then the first event."),
        Slot(5, "andromeda_final_scoring.ipynb", "Score a finished game; raise the damaged-module penalty and score it again."),
        Slot(20, "andromeda_table.ipynb", "Play at the table against bots; read a battle's odds; change a rule and play again."),
    )),
    Track("SETI", "one game, from a round to the solo rival", (
        Lesson("seti_round.ipynb", "One round for two players", "Follow a round turn by turn, then play at the table.", 20,
               (START,)),
        Lesson("seti_solar_system.ipynb", "The solar system and your probes",
               "Rotate the solar system, launch, move, orbit and land.", 15),
        Lesson("seti_sector_resolution.ipynb", "How a sector is won",
               "Mark signals, break a tie and read the card row's exact odds.", 15),
        Lesson("seti_missions.ipynb", "Cards and missions", "Play a card and complete a mission.", 10),
        Lesson("seti_milestones_and_discovery.ipynb", "Milestones and discovery",
               "Resolve milestones, mark life traces and discover a species.", 10),
        Lesson("seti_final_scoring.ipynb", "Final scoring", "Score the four gold tiles at the end.", 10),
        Lesson("seti_solo_rival.ipynb", "Solo: the rival agency", "Play against the rival, turn by turn.", 10),
    ), session=(
        Slot(10, START, "The course, the stepper and a first exact chance: predict the 7, then reveal it."),
        Slot(20, "seti_round.ipynb", "Follow a round turn by turn, then play a few turns at the table."),
        Slot(15, "seti_solar_system.ipynb", "Rotate the solar system; launch, move, orbit and land a probe; make landing cheaper."),
        Slot(15, "seti_sector_resolution.ipynb", "Predict the card row's odds; mark signals and win a sector."),
        Slot(10, "seti_missions.ipynb", "Play a card and complete a mission; decide whether a push is a visit."),
        Slot(10, "seti_milestones_and_discovery.ipynb", "Milestones, life traces and a species discovered; move the milestones; then final scoring."),
        Slot(10, "seti_solo_rival.ipynb", "Play a few turns against the rival agency."),
    )),
    Track("Designers", "changing rules and measuring exactly what a change does", (
        Lesson(START, "Start here", "Steps, forced randomness, exact odds, and whole games on one contract.", 20),
        Lesson("andromeda_battle_odds.ipynb", "What one more die is worth",
               "Change the dice cap and the aim and watch the exact odds follow.", 20, (START,)),
        Lesson("merchants_belt.ipynb", "The value of a decision",
               "Compare a plan with the best plan, exactly, and change the energy costs.", 25, (START,)),
        Lesson("seti_sector_resolution.ipynb", "Odds from the game's own deck",
               "Read the card row's chances and change the rules of a sector.", 20, (START,)),
        Lesson("designer_lab.ipynb", "The designer's lab",
               "Sweep whole games under the rulebook and a changed rule, and read what changed with its uncertainty.",
               30, (START,)),
    ), sequential=False, session=(
        Slot(15, START, "Steps, exact odds and the game contract; change a rule and deal a new game at the table."),
        Slot(20, "andromeda_battle_odds.ipynb", "What one more die is worth: change the dice cap and the aim, read the exact odds."),
        Slot(20, "merchants_belt.ipynb", "The value of a decision: the best plan against yours; make exploring cheaper."),
        Slot(10, "seti_sector_resolution.ipynb", "Odds from the game's own deck: the card row's chances."),
        Slot(25, "designer_lab.ipynb", "Sweep whole games: does a changed rule change who wins, and how sure can we be?"),
    )),
)


def lessons() -> tuple[Lesson, ...]:
    """Every lesson of every track, in course order (a notebook may serve two tracks)."""
    return tuple(lesson for track in COURSE for lesson in track.lessons)


def _title(notebook: str, track: Track | None = None) -> str:
    """A lesson's title, as its own track names it when ``track`` holds it."""
    if notebook == START:
        return "Start here"
    named = [l for l in (track.lessons if track else ()) if l.notebook == notebook] or [l for l in lessons() if l.notebook == notebook]
    return named[0].title


def session_html(track: Track) -> str:
    """A track's 90-minute session as a timetable: the clock, the notebook, what to do."""
    rows, start = [], 0
    for slot in track.session:
        rows.append(f"<tr><td style='white-space:nowrap'>{start // 60}:{start % 60:02d}–{(start + slot.minutes) // 60}:"
                    f"{(start + slot.minutes) % 60:02d}</td><td><a href='{slot.notebook}'>"
                    f"{html.escape(_title(slot.notebook, track))}</a></td><td>{html.escape(slot.what)}</td></tr>")
        start += slot.minutes
    return (f"<details class='tt-course-session'><summary><b>A {start}-minute session</b> (click to open the timetable)</summary>"
            f"<table style='text-align:left'><tr><th>time</th><th>lesson</th><th>what the class does</th></tr>"
            f"{''.join(rows)}</table></details>")


def course_map_html() -> str:
    """The course map: each track with its lessons, goals, durations and prerequisites, linked, and its session."""
    parts = ["<div class='tt-course' style='font-size:15px; text-align:left'>"]
    for track in COURSE:
        parts.append(f"<h3>{html.escape(track.name)} <small>(about {track.minutes} min: {html.escape(track.audience)})</small></h3><ol>")
        for index, lesson in enumerate(track.lessons):
            before = (track.lessons[index - 1].notebook,) if index and track.sequential else ()
            needs = dict.fromkeys(lesson.needs + before)
            after = ", ".join(f"<a href='{n}'>{html.escape(_title(n, track))}</a>" for n in needs) or "nothing"
            parts.append(f"<li><a href='{lesson.notebook}'><b>{html.escape(lesson.title)}</b></a> · about {lesson.minutes} min"
                         f"<br>{html.escape(lesson.goal)} <small>(after: {after})</small></li>")
        parts.append("</ol>")
        if track.session:
            parts.append(session_html(track))
    parts.append("</div>")
    return "".join(parts)


def next_cell_markdown(notebook: str) -> str:
    """The closing cell of a lesson: the next lesson of each track it belongs to, and the course map."""
    lines = ["## Next", ""]
    for track in COURSE:
        names = [lesson.notebook for lesson in track.lessons]
        if notebook not in names:
            continue
        index = names.index(notebook)
        if index + 1 < len(names):
            following = track.lessons[index + 1]
            lines.append(f"- {track.name} track: next, [{following.title}]({following.notebook}) — {following.goal}"
                         f" (about {following.minutes} min)")
        else:
            lines.append(f"- {track.name} track: this was the last lesson.")
    if notebook != START:
        lines.append(f"- Back to the course map: [{_title(START)}]({START}).")
    return "\n".join(lines)
