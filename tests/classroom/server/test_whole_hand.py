"""A whole hand at the class server: four learners, each a scripted websocket client, play it
to the end; each then gets the coach's review of their own decisions, and nobody else's."""

from __future__ import annotations

from .serverkit import Client, bot_script, quick_config, running

SEED, DEALER = "scripted-hand", "N"


def _script() -> list[tuple[str, str]]:
    """The first hand of the table's game, as the standard bot would play every seat."""
    return bot_script(SEED, DEALER, bot_seed=1)


def test_four_learners_play_a_hand_and_each_gets_their_own_review(db_url: str) -> None:
    script = _script()
    with running(db_url, quick_config(review=True, review_worlds=4)) as srv:
        code = srv.table(preset="standard", points_to_win=10, bot="standard", seed=SEED, dealer=DEALER)
        clients = {}
        for seat in "NESW":
            c = Client(srv.ws_url)
            assert c.hello(srv.student(f"learner {seat}"), code, seat)["seat"] == seat
            clients[seat] = c
        srv.start(code)
        for c in clients.values():
            c.until(lambda m: m["type"] == "state" and m["status"] == "playing")

        for n, (seat, action) in enumerate(script):
            actor = clients[seat]
            assert actor.state is not None and actor.state["n"] == n
            assert action in actor.state["hand"]["legal"]
            actor.send({"type": "act", "action": action, "n": n})
            assert actor.until(lambda m: m["type"] in ("ack", "error"))["type"] == "ack"
            for c in clients.values():  # everyone sees the action, at the same number
                c.until(lambda m, n=n: m["type"] == "state" and m["n"] == n + 1)

        # the hand is over: hand 2 is dealt, the finished one shows as last_hand
        for c in clients.values():
            assert c.state is not None
            last = c.state["last_hand"]
            assert last["number"] == 1 and last["phase"] == "OVER" and len(last["tricks"]) == 5
            assert c.state["hand"]["number"] == 2
        total = sum(c.state["score"]["NS"] + c.state["score"]["EW"] for c in clients.values() if c.state)
        assert total > 0

        played = srv.log(code)
        assert played == script  # the database holds exactly the actions taken, once each

        for seat, c in clients.items():
            review = c.until(lambda m: m["type"] == "review", timeout=60)
            assert review["seat"] == seat and review["hand"] == 1
            mine = [i for i, (s, _) in enumerate(script) if s == seat]
            assert [d["index"] for d in review["decisions"]] == mine
            assert all(d["action"] == script[d["index"]][1] for d in review["decisions"])
            assert review["accuracy"] is None or 0 <= review["accuracy"] <= 100
            assert all(d["grade"] in ("best", "good", "inaccuracy", "mistake", "blunder") for d in review["decisions"])
        # a learner who asks again gets their reviews from the database
        clients["E"].send({"type": "reviews"})
        again = clients["E"].until(lambda m: m["type"] == "review")
        assert again["seat"] == "E" and again["hand"] == 1
        for c in clients.values():
            c.close()
