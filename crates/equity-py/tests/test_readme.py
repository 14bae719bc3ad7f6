"""The README's Python snippets, run line by line as a reader would type them: each line whose
comment starts with a figure or a quoted string gives that value (a figure ending in ``...`` is
the start of the value's digits). And without NumPy, the two functions that need it name the
extra to install."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

import holdem_equity as he

README = Path(__file__).resolve().parents[3] / "README.md"


def snippets() -> list[str]:
    """The README's ```python blocks."""
    return re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), re.S)


def test_the_readme_has_python_snippets():
    assert snippets(), README


@pytest.mark.parametrize("snippet", snippets())
def test_every_readme_snippet_gives_what_it_says(snippet: str):
    namespace: dict = {}
    checked = 0
    for line in snippet.splitlines():
        code, _, comment = line.partition("  #")
        said = re.match(r"\s*(-?[0-9][0-9.]*|'[^']*')", comment)
        if not said:
            exec(line, namespace)
            continue
        value = eval(code, namespace)
        expected = said.group(1)
        if expected.startswith("'"):
            assert repr(value) == expected, line
        elif expected.endswith("..."):
            assert repr(float(value)).startswith(expected[:-3]), (line, value)
        else:
            assert float(value) == pytest.approx(float(expected), abs=10 ** -(len(expected.split(".")[-1]))), line
        checked += 1
    assert checked > 0, snippet


def test_without_numpy_the_functions_that_need_it_name_the_extra(monkeypatch):
    chart = he.chart(1, exact=False, precision=5.0)
    push = he.push_fold([10, 10]).decisions[0]
    table = he.push_fold_table(start=2, stop=3, step=1)
    monkeypatch.setitem(sys.modules, "numpy", None)
    for call, name in [
        (lambda: he.evaluate_many([[51, 47, 43, 39, 35]]), "evaluate_many"),
        (chart.grid_array, "Chart.grid_array"),
        (push.grid_array, "PushFoldDecision.grid_array"),
        (table.grid_arrays, "PushFoldTable.grid_arrays"),
    ]:
        with pytest.raises(ModuleNotFoundError, match=re.escape(f"{name} needs NumPy")) as raised:
            call()
        assert "pip install 'holdem-equity[numpy]'" in str(raised.value)
    # Everything else goes on without it.
    assert he.category(he.evaluate("AsKsQsJsTs")) == "royal flush"
