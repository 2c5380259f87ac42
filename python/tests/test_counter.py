"""The caller's token counter from Python (blueprint.md §10.3): ``render_index`` keeps its hard cap
under any callable, for the rows and for the whole text; a counter's exception propagates as it
is; a bad answer is ``InvalidInput`` on ``counter``."""

from __future__ import annotations

import pytest

import fourx
import fourx.blueprint as bp

SNAPSHOT = {
    "modules": ["api", "core", "db", "util", "web"],
    "edges": [["api", "core"], ["core", "db"], ["web", "api"], ["api", "util"]],
}


def quadratic(text: str) -> int:
    """A deliberately odd counter: a text costs more than its lines together."""
    return len(text) * len(text) // 300


def test_index_cap_holds_for_the_whole_text_under_a_callable() -> None:
    for budget in (330, 500, 800, 2000):
        try:
            out = bp.render_index("", SNAPSHOT, budget, counter=quadratic)
        except fourx.BudgetTooSmall:
            continue
        assert out["tokens"] <= budget
        assert quadratic(out["text"]) <= budget


def test_store_index_takes_the_same_counter() -> None:
    store = bp.Store()
    out = store.render_index(SNAPSHOT, 600, counter=quadratic)
    assert quadratic(out["text"]) <= 600
    assert store.render_index(SNAPSHOT, 600, counter="approx") == store.render_index(SNAPSHOT, 600)


def test_a_named_built_in_counter_is_the_default_one() -> None:
    assert bp.render_index("", SNAPSHOT, 400, counter="approx") == bp.render_index("", SNAPSHOT, 400)
    assert bp.count_tokens("abcde", counter="approx") == 2
    assert bp.count_tokens("abcdef", counter=len) == 6
    with pytest.raises(fourx.InvalidInput) as e:
        bp.count_tokens("abc", counter="gpt2")
    assert e.value.field == "counter"


def test_a_counters_exception_propagates_as_it_is() -> None:
    class Boom(Exception):
        pass

    def boom(text: str) -> int:
        raise Boom(text[:5])

    with pytest.raises(Boom):
        bp.render_index("", SNAPSHOT, 400, counter=boom)
    with pytest.raises(Boom):
        bp.Store().render_index(SNAPSHOT, 400, counter=boom)


@pytest.mark.parametrize("answer", [-1, "3", 2.5, True, None, 2**70])
def test_a_counter_answering_no_count_is_invalid_input(answer: object) -> None:
    with pytest.raises(fourx.InvalidInput) as e:
        bp.render_index("", SNAPSHOT, 400, counter=lambda _t: answer)  # type: ignore[arg-type, return-value]
    assert e.value.field == "counter"


def test_only_the_counted_ops_take_a_counter() -> None:
    with pytest.raises(fourx.InvalidInput):
        fourx._fourx.call_counted("meta.version", {}, len)
    with pytest.raises(fourx.InvalidInput):
        fourx._fourx.call_counted("blueprint.count_tokens", {"text": "a"}, "no")  # type: ignore[arg-type]
    with pytest.raises(fourx.InvalidInput):
        bp.Store()._held.call_counted("read", {}, len)  # type: ignore[attr-defined]
