"""The sweep's progress bar in a notebook: the whole title, the status line the terminal shows."""

from tabletoolkit.widgets.progress import NotebookProgress


def test_a_long_title_is_shown_whole_and_the_status_follows():
    title = "andromeda: rulebook, dice cap 8 — 10,000 games each"
    progress = NotebookProgress(title, lambda done, total: f"{done} of {total} games")
    assert progress.title.value == f"<b>{title}</b>" and not progress.bar.description   # not cut at 20 characters
    progress.update(3, 8)
    assert (progress.bar.value, progress.bar.max, progress.status.value) == (3, 8, "3 of 8 games")
    progress.close()
    assert progress.bar.bar_style == "success"
