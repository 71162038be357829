"""The teacher's Rules menu (issue 34): it offered the internal preset ``seed-000`` by that name
beside the real choices. The page the teacher opens lists :meth:`Rules.menu_presets`, and a
table opens with each of them."""

from __future__ import annotations

import html
import re

from euchre_learn import Rules

from .serverkit import TEACHER, running


def test_the_teachers_rules_menu_offers_no_internal_preset(db_url: str) -> None:
    with running(db_url) as srv:
        page = srv.http.get(f"/teacher?token={TEACHER}", follow_redirects=True)
        assert page.status_code == 200, page.text[:300]
        menu = re.search(r'<select name="preset">(.*?)</select>', page.text, re.S)
        assert menu is not None, page.text[:500]
        offered = [html.unescape(o) for o in re.findall(r"<option>(.*?)</option>", menu[1])]
        assert "seed-000" not in offered and "seed-000" in Rules.presets()
        assert offered == list(Rules.menu_presets()) and offered[0] == "standard"
        for preset in offered[:3]:
            r = srv.http.post("/teacher/tables", data={"preset": preset}, follow_redirects=True)
            assert r.status_code == 200, (preset, r.text[:300])
        assert sorted(t["preset"] for t in srv.db.tables()) == sorted(offered[:3])
