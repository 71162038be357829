"""The Voilà template the apps are served with: Voilà's ``lab`` template, minus what reaches out.

Voilà 0.5's ``lab`` template links Font Awesome 5 from a CDN (``cdn.jsdelivr.net``) on every
notebook page, and its ``page.html`` (the folder listing, the error pages) links Font Awesome 4;
offline, each page logs failed requests and console errors. Voilà's own front end
(``static/voila-style.js``) already carries Font Awesome 5 with the version 4 names, its fonts
served by Voilà itself, so the links add nothing: the template ``euchre`` keeps everything else
of ``lab`` and leaves them out.

It also names the settings the apps are served with (:data:`VOILA_SETTINGS`): only the front-end
extensions the apps use are loaded: Voilà's own widget manager, the widgets' own extension
(``@jupyter-widgets/jupyterlab-manager``, from ``jupyterlab_widgets``: it registers the modules
``@jupyter-widgets/base``, ``controls`` and ``output`` that every widget is drawn from; without
it the manager logs "No version of module @jupyter-widgets/base is registered" and the page
shows "Click to show javascript error" instead of the app), anywidget for the table's felt, and
the Pygments styles. Voilà 0.5 bundles JupyterLab 4.2 packages, and the extensions built for
JupyterLab 4.6 ask for ``^4.6`` of them: the widgets' extension logs a dozen harmless
"Unsatisfied version 4.2.5 … (required ^4.6.x)" warnings (not errors); the others installed
beside it (nbgrader's, Notebook's lab extension), which the apps do not use, stay out.

Behind a Jupyter server (a hub's ``/voila/render/``) Voilà's front end would also load MathJax
from a CDN; the template turns it off, as the ``voila`` command does (no lesson or app has math).

``euchre-learn practice`` and ``play`` write the template into a folder of their own and point
Voilà at it; ``euchre-learn voila-template DIR`` installs it for a hub's server extension
(``DIR/voila/templates/euchre``; see docs/teaching.md).

>>> import tempfile, pathlib
>>> root = write_template(tempfile.mkdtemp())
>>> sorted(p.name for p in (root / 'voila' / 'templates' / TEMPLATE).iterdir())
['conf.json', 'index.html.j2', 'page.html']
>>> any('https://' in p.read_text() for p in (root / 'voila' / 'templates' / TEMPLATE).iterdir())
False
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path

__all__ = ["ALLOWED_EXTENSIONS", "TEMPLATE", "VOILA_SETTINGS", "voila_arguments", "write_template"]

TEMPLATE = "euchre"
"""The template's name (``--template=euchre``)."""

ALLOWED_EXTENSIONS = (
    "@voila-dashboards/widgets-manager8",
    "@jupyter-widgets/jupyterlab-manager",
    "anywidget",
    "jupyterlab_pygments",
)
"""The front-end extensions the apps load (``VoilaConfiguration.extension_allowlist``): the
widget manager, the widgets' modules, the felt's anywidget, the code styles."""

VOILA_SETTINGS: dict[str, object] = {
    "VoilaConfiguration": {"template": TEMPLATE, "extension_allowlist": list(ALLOWED_EXTENSIONS)}
}
"""The apps' Voilà settings, as a ``voila.json`` or ``jupyter_server_config.json`` holds them."""

_CONF = {"base_template": "lab"}

# Voilà's lab notebook page, every line of its CSS block except the CDN's links.
_INDEX = """{%- extends 'voila/templates/lab/index.html.j2' -%}
{#- euchre_learn: Voilà's lab template without the Font Awesome links to a CDN (voila-style.js
    already carries Font Awesome 5 and its v4 names, with fonts Voilà serves itself). -#}
{%- block notebook_css -%}
{%- for line in super().split('\\n') if not ('cdn.jsdelivr.net' in line and 'awesome' in line) %}
{{ line }}
{%- endfor %}
{%- endblock notebook_css -%}
{#- and no mermaid.js from a CDN (nbconvert loads it only for diagrams; the apps draw none) -#}
{%- block html_head_js_mermaidjs -%}
{%- endblock html_head_js_mermaidjs -%}
{#- and no MathJax from a CDN: behind a Jupyter server (a hub's /voila/render/), Voila's front end
    loads it from a CDN unless both settings are null, as the voila command leaves them; no
    lesson or app has math. The head is written before the page's settings are. -#}
{%- block html_head_js_mathjax -%}
{%- set _ = page_config.update(fullMathjaxUrl=None, mathjaxConfig=None) if page_config is defined else None -%}
{%- endblock html_head_js_mathjax -%}
"""

# Voilà's base page.html (the folder listing, error pages) with lab's style sheets, without the
# Font Awesome 4 link of the original (it sits outside any block, so the page is written whole).
_PAGE = """<!DOCTYPE HTML>
<html>
  <head>
    <meta charset="utf-8">

    <title>
      {% block title %} Voilà {% endblock %}
    </title>

    <meta http-equiv="X-UA-Compatible" content="IE=edge" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0">

    {% block stylesheets %}
    {% if include_css %}
      {{ include_css("static/index.css") }}
      {% if theme == 'dark' %}
        {{ include_css("static/theme-dark.css") }}
      {% elif theme == 'light' %}
        {{ include_css("static/theme-light.css") }}
      {% else %}
        {{ include_lab_theme(theme) }}
      {% endif %}
    {% endif %}
    {% endblock %}

    {% block meta %}
    {% endblock %}

  </head>

  <body data-base-url="{{ base_url }}voila/" data-voila="voila">

    <noscript>
      <div id='noscript'>
        {% trans %} Voilà requires JavaScript. Please enable it to proceed. {% endtrans %}
      </div>
    </noscript>

    <div>
      {% block body %}
      {% endblock %}
    </div>

    {% block scripts %}
    {% endblock %}
  </body>
</html>
"""


def write_template(root: str | os.PathLike[str] | None = None) -> Path:
    """Write the template into ``root/voila/templates/euchre`` (``root`` a Jupyter data folder,
    by default a new temporary one) and return ``root``: put it on ``JUPYTER_PATH``, or pass a
    folder already on it (``<sys.prefix>/share/jupyter``)."""
    base = Path(tempfile.mkdtemp(prefix="euchre-learn-voila-")) if root is None else Path(root)
    folder = base / "voila" / "templates" / TEMPLATE
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "conf.json").write_text(json.dumps(_CONF) + "\n", encoding="utf-8")
    (folder / "index.html.j2").write_text(_INDEX, encoding="utf-8")
    (folder / "page.html").write_text(_PAGE, encoding="utf-8")
    return base


def voila_arguments() -> list[str]:
    """The command-line form of :data:`VOILA_SETTINGS`, for ``voila``.

    >>> voila_arguments()[0]
    '--template=euchre'
    """
    return [f"--template={TEMPLATE}"] + [
        f"--VoilaConfiguration.extension_allowlist={name}" for name in ALLOWED_EXTENSIONS
    ]
