"""Watching a computer player think in the page: its thinking windows (the app's ai-start
and ai-end marks) and the main-thread tasks that overlap them (a "longtask"
PerformanceObserver installed before the game starts)."""

from __future__ import annotations

from board import settle, snapshot, start_game

LONG_TASKS = """window.__longTasks = [];
new PerformanceObserver((list) => window.__longTasks.push(
    ...list.getEntries().map((e) => [e.startTime, e.startTime + e.duration, e.duration]))
).observe({type: "longtask"});"""
THINKING_WINDOWS = """(() => {
  const marks = performance.getEntriesByType("mark");
  const starts = marks.filter((m) => m.name === "ai-start").map((m) => m.startTime);
  const ends = marks.filter((m) => m.name === "ai-end").map((m) => m.startTime);
  return starts.map((s, i) => [s, ends[i] ?? Infinity]);
})()"""


def start_against_computer(page, game: str, computer_seat: int, level: str = "hard") -> None:
    """Watch long tasks from now on and start ``game`` with the computer on one seat."""
    page.evaluate(LONG_TASKS)
    start_game(page, game, computer={computer_seat: level})


def wait_for_person(page, seat: int, timeout: float = 60_000) -> dict:
    """Wait until ``seat`` (a person) is to move and the computer has stopped thinking."""
    page.wait_for_function(f"window.inselApp.snapshot()?.view.current === {seat}", timeout=timeout)
    settle(page)
    page.wait_for_function("!document.getElementById('turn').classList.contains('thinking')")
    return snapshot(page)


def tasks_while_thinking(page, over_ms: float) -> list[list[float]]:
    """Main-thread tasks ([start, end, duration] in ms) longer than ``over_ms`` that overlap a
    computer's thinking window."""
    windows = page.evaluate(THINKING_WINDOWS)
    assert windows, "the computer never thought"
    tasks = page.evaluate("window.__longTasks")
    return [task for task in tasks if task[2] > over_ms
            and any(task[0] < end and task[1] > start for start, end in windows)]


def answers_while_thinking(page) -> bool:
    """Whether the page answers a press while the computer thinks: the settings open, and
    the computer is still thinking then.  Python thinks in its worker, so only a page frozen
    for the whole thinking time (seconds) could fail this; how long the page's tasks take
    while thinking is a benchmark's figure (bench/ai_browser.py), not a test's."""
    page.wait_for_selector("#turn.thinking")
    page.locator("#play-settings").click()
    page.wait_for_selector("#settings[open]")
    answered = page.evaluate("document.getElementById('turn').classList.contains('thinking')")
    page.locator("#settings-close").click()
    return answered
