"""A learner's seat at a class table (``euchre-learn class serve``; taken with :func:`el.table.join
<euchre_learn.interactive.table.join>`): the class server deals and checks every action, and the seat
shows its own view, never another seat's hidden cards.

The rooms of the seat, none of them importing ipywidgets but the last:

- :mod:`.remote`: the websocket to the server, read by a background thread into a queue (and the
  JupyterHub service's address, :func:`.remote.hub_class_server`);
- :mod:`.model`: :class:`~.model.SeatTable`, the seat's model: its view of the table, its choices,
  the score, the coach's review the server sends;
- :mod:`.keeper`: the learner's copy in their own store: the games, the reviewed decisions, the retries;
- :mod:`.stand_ins`: a finished hand as the seat saw it made whole (the cards it never saw as stand-ins);
- :mod:`.html`: the felt drawn from the seat's view;
- :mod:`.widget`: :class:`~.widget.SeatWidget`, the seat on screen (the table's felt, its cards the controls).

The seat reuses the table's rooms (the choices of :mod:`euchre_learn.interactive.table.model`, the
felt of :mod:`euchre_learn.interactive.table.felt`); the table imports the seat only inside
:func:`~euchre_learn.interactive.table.join`.
"""
