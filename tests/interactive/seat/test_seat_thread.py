"""The seat widget changes its model on the kernel's thread only, even when a click arrives on
another (JupyterLab 4.6's kernel takes some widget messages, the felt's card picks among them,
on a subshell's thread). Acted there, the action raced the event loop's refresh for the server's
answer: the refresh took the ``ack`` out of the queue and the click ended, ten seconds later, in
"the class server did not answer" (seen in tests/browser/test_class_four_browsers.py)."""

from __future__ import annotations

import asyncio
import threading
from typing import Any

from euchre_learn.interactive.seat.model import SeatTable
from euchre_learn.interactive.seat.widget import SeatWidget

from .test_seat import Stand


def test_a_click_taken_on_another_thread_is_acted_on_the_kernels_thread() -> None:
    async def main() -> tuple[list[int], list[int], SeatWidget]:
        stand: Any = Stand()
        senders: list[int] = []
        send = stand.send

        def recording(message: dict[str, Any]) -> None:
            senders.append(threading.get_ident())
            send(message)

        stand.send = recording
        widget = SeatWidget(SeatTable(stand, timeout=2))
        action = widget.seat.legal_actions()[0]
        click = threading.Thread(target=widget.choose, args=(action,))
        click.start()
        click.join(5)
        on_the_click_thread = list(senders)  # nothing: handed to the loop
        for _ in range(200):
            if senders:
                break
            await asyncio.sleep(0.01)
        return on_the_click_thread, senders, widget

    early, senders, widget = asyncio.run(main())
    assert early == []
    assert senders == [threading.get_ident()]  # sent once, from the thread that runs the loop
    assert widget.seat.error is None and widget.seat.state is not None and widget.seat.state["n"] > 0
