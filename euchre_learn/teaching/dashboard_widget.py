"""The learner's dashboard in a notebook: a thin ipywidgets view of
:func:`euchre_learn.teaching.dashboard.dashboard` (the model, which tests read) with a Refresh
button, its lessons' links opening the lesson in JupyterLab.

In a notebook::

    from euchre_learn.teaching.dashboard_widget import dashboard_widget
    dashboard_widget()

>>> import tempfile, os
>>> from euchre_learn.learner.progress import Progress
>>> p = Progress(os.path.join(tempfile.mkdtemp(), 'learner.sqlite3'))
>>> w = dashboard_widget(p)
>>> 'Nothing answered yet' in w.text
True
>>> p.record('scoring', True); w.refresh_button.click()
>>> '1 of 1 right' in w.view.value
True
"""

from __future__ import annotations

import os
from collections.abc import Callable
from datetime import datetime

import ipywidgets as W  # type: ignore[import-untyped]

from euchre_learn.learner.progress import Progress
from euchre_learn.teaching.dashboard import Dashboard, dashboard
from euchre_learn.teaching.widget_look import auto_width, doc_link, style_view

__all__ = ["DashboardWidget", "dashboard_widget"]


class DashboardWidget(W.VBox):  # type: ignore[misc]
    """The dashboard (:attr:`model`, re-read from the store by Refresh) shown as HTML."""

    def __init__(
        self,
        progress: Progress | str | os.PathLike[str] | None = None,
        *,
        clock: Callable[[], datetime] | None = None,
        top: int = 5,
    ) -> None:
        self._progress = progress if isinstance(progress, Progress) else Progress(progress)
        self._clock = clock
        self._top = top
        self.view = W.HTML()
        self.refresh_button = W.Button(
            description="Refresh", icon="refresh", tooltip="Read the store again", layout=auto_width("8em")
        )
        self.refresh_button.on_click(lambda _b: self.refresh())
        self.model: Dashboard = self.refresh()
        super().__init__([style_view(), self.view, self.refresh_button])
        self.add_class("el-dashboard-view")

    def refresh(self) -> Dashboard:
        """Read the store again and show it."""
        self.model = dashboard(self._progress, clock=self._clock, top=self._top)
        self.view.value = self.model.to_html(link=doc_link)
        return self.model

    @property
    def text(self) -> str:
        """The dashboard as plain text."""
        return str(self.model)


def dashboard_widget(
    progress: Progress | str | os.PathLike[str] | None = None,
    *,
    clock: Callable[[], datetime] | None = None,
    top: int = 5,
) -> DashboardWidget:
    """The learner's dashboard (or the one of the store at ``progress``), with a Refresh button."""
    return DashboardWidget(progress, clock=clock, top=top)
