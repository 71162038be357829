"""Run the class server for a test, in its own process: ``python run_server.py DB_URL CONFIG_JSON``.
Prints ``port <n>`` once it listens on 127.0.0.1 (a free port), then serves until stopped."""

from __future__ import annotations

import json
import socket
import sys

import uvicorn

from euchre_learn.classroom.server import ServerConfig, create_app


def main() -> None:
    db_url, config = sys.argv[1], json.loads(sys.argv[2])
    token = config.pop("teacher_token")
    app = create_app(db_url, config=ServerConfig(**config), teacher_token=token)
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    print(f"port {sock.getsockname()[1]}", flush=True)
    uvicorn.Server(uvicorn.Config(app, log_level="warning", ws_max_size=65_536)).run(sockets=[sock])


if __name__ == "__main__":
    main()
