# The class server as a JupyterHub service (docs/teaching.md, "The class server on the hub").
#
# Add these lines to the hub's jupyterhub_config.py, or keep this file beside it and load it from
# there with `load_subconfig("class_service_config.py")` (if your configuration already sets
# c.JupyterHub.services or c.JupyterHub.load_roles, add these entries to its lists instead).
# The hub then starts the class server, sends /services/euchre-class/ to it through its proxy,
# and signs everyone in: hub admins get the teacher's page, everyone else is a learner known by
# their hub name, and a notebook joins a table with `el.table.join("K7QBX")`, no token.
#
# The server needs euchre_learn with the server and hub extras in the hub's Python
# (pip install '/path/to/euchre_learn[server,hub]'), and a folder for its database that the
# hub's user may write to. tests/classroom/server/test_hub.py runs a real hub with this file.
c = get_config()  # noqa: F821

SERVICE = "euchre-class"  # a notebook looks for this name ($EUCHRE_LEARN_CLASS_SERVICE to change it)

c.JupyterHub.services = [
    {
        "name": SERVICE,
        "url": "http://127.0.0.1:8765",  # where the hub starts it and its proxy reaches it
        "command": [
            "euchre-learn",
            "class",
            "serve",
            "--db",
            "/srv/euchre/class.sqlite3",  # or postgresql://... (the postgres extra)
            # "--teacher-group", "teachers",  # members of this hub group are teachers too
            # "--review-executor", "tcp://10.0.0.7:8786",  # the reviews on a Dask cluster (docs/class-server.md)
        ],
        "oauth_no_confirm": True,  # no "allow access?" page: it is the school's own service
    },
]

# Every user may reach the service (signing in with OAuth needs it) and ask the hub where it is.
c.JupyterHub.load_roles = [
    {
        "name": "user",
        "scopes": ["self", f"access:services!service={SERVICE}", f"read:services!service={SERVICE}"],
    },
]

# The token each user's notebook server gets ($JUPYTERHUB_API_TOKEN): the server role's two
# scopes, plus the two el.table.join needs to find the service and sign in to it.
c.Spawner.server_token_scopes = [
    "users:activity!user",
    "access:servers!server",
    f"access:services!service={SERVICE}",
    f"read:services!service={SERVICE}",
]
