"""The per-connection rules the TCP and phone servers share, fed plain dicts (no sockets)."""

from netplay.link import Act, Heard, Leave, Other, Refuse, SeatLink, Send


def test_before_its_welcome_a_connection_may_only_say_hello_or_bye():
    link = SeatLink()
    hello = {"t": "hello", "version": 1, "name": "Anna", "token": None, "proof": ""}
    assert link.receive(hello, 0.0) == [Other(hello)]
    assert link.receive({"t": "ping", "sent": 1.0}, 0.0) == [
        Refuse("not_joined", "say hello before sending a {kind} message", {"kind": "ping"})]
    assert link.receive({"t": "ping", "sent": 1.0}, 0.0)[0].message() == {
        "t": "refuse", "code": "not_joined", "reason": "say hello before sending a ping message",
        "say": "say hello before sending a {kind} message", "data": {"kind": "ping"}}
    assert link.receive({"t": "bye"}, 0.0) == [Leave()]


def test_a_joined_seat_is_heard_first_and_answered_ping_with_pong():
    link = SeatLink(joined=True)
    assert link.receive({"t": "ping", "sent": 12.5}, 3.0) == [Heard(), Send({"t": "pong", "sent": 12.5, "host": 3.0})]
    assert link.receive({"t": "bye"}, 3.0) == [Heard(), Leave()]
    probe = {"t": "probe", "n": 4}
    assert link.receive(probe, 3.0) == [Heard(), Other(probe)]


def test_an_intent_is_submitted_with_what_the_device_had_seen():
    link = SeatLink(joined=True)
    steps = link.receive({"t": "intent", "seq": 7, "action": {"play": 3}, "seen": 12, "ms": 80.0}, 1.0)
    assert steps == [Heard(), Act(7, {"play": 3}, 12, 80.0)]
    assert link.receive({"t": "intent", "seq": 8, "action": "pass"}, 1.0)[1] == Act(8, "pass", None, None)


def test_too_many_intents_are_throttled_then_refused():
    link = SeatLink(intents_per_second=5, joined=True)
    answers = [link.receive({"t": "intent", "seq": n, "action": "x"}, 10.0)[1] for n in range(20)]
    assert all(isinstance(step, Act) for step in answers[:5])
    assert answers[5] == Send({"t": "reject", "seq": 5, "code": "throttled",
                               "reason": "too many intents per second; slow down",
                               "say": "too many intents per second; slow down", "data": {}})
    assert Refuse("flooding", "too many intents per second") in answers
    later = link.receive({"t": "intent", "seq": 99, "action": "x"}, 100.0)[1]
    assert later == Act(99, "x", None, None)  # the bucket refills with time


def test_a_flood_of_messages_is_refused_whatever_they_say():
    link = SeatLink(intents_per_second=5)
    verdicts = [link.arrived(1.0) for _ in range(40)]
    assert verdicts[:20] == [None] * 20  # four messages per intent a second
    assert verdicts[-1] == Refuse("flooding", "too many messages per second")
    assert verdicts[-1].message() == {"t": "refuse", "code": "flooding", "reason": "too many messages per second",
                                      "say": "too many messages per second", "data": {}}
