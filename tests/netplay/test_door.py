"""The one way into a host from another thread (netplay.door), without a server."""

import asyncio
import threading

from netplay.door import Door
from netplay.host import Host


def on_another_thread(fn) -> None:
    thread = threading.Thread(target=fn)
    thread.start()
    thread.join(5.0)


def test_nothing_serving_a_call_runs_at_once_and_a_post_waits_for_the_driver():
    door, ran = Door(), []
    door.call(lambda: ran.append("call"))
    on_another_thread(lambda: door.post(lambda: ran.append(threading.current_thread().name)))
    assert ran == ["call"]  # the phone's call waits for the host's own thread
    door.run_waiting()
    assert ran == ["call", threading.current_thread().name]


def test_a_failing_posted_call_is_reported_and_the_rest_still_run(capsys):
    door, ran = Door(), []
    door.post(lambda: 1 / 0)
    door.post(lambda: ran.append("after"))
    door.run_waiting()
    assert ran == ["after"] and "ZeroDivisionError" in capsys.readouterr().err


def test_a_served_host_is_reached_through_its_loop_only():
    door, ran = Door(), []

    async def serve() -> None:
        door.served_by(asyncio.get_running_loop())
        assert not door.foreign()
        door.post(lambda: ran.append("post, on the loop: at once"))
        door.call(lambda: ran.append("call: soon"))
        on_another_thread(lambda: ran.append(("foreign", door.foreign())))
        assert ran == ["post, on the loop: at once", ("foreign", True)]
        await asyncio.sleep(0)
        assert ran[-1] == "call: soon"

    asyncio.run(serve())
    assert not door.call(lambda: ran.append("after the loop closed"))  # the host is gone: nothing runs
    assert "after the loop closed" not in ran
    door.unserved()
    door.call(lambda: ran.append("unserved: at once"))
    assert ran[-1] == "unserved: at once"


def test_a_seat_whose_hosts_loop_has_closed_hears_so_instead_of_waiting_forever():
    host = Host("die_mauer", 2, seed=3, seats=[{"kind": "local"}, {"kind": "local"}])
    session = host.session(0)

    async def serve() -> None:
        host.door.served_by(asyncio.get_running_loop())

    asyncio.run(serve())  # the server's loop ran and closed: the host is gone
    seq = session.send({"type": "plan", "piece": "T"})
    answers = [m for m in session.poll() if m["t"] in ("accept", "reject")]
    assert answers == [{"t": "reject", "seq": seq, "code": "closed", "reason": "the table has closed",
                        "say": "the table has closed", "data": {}}]
