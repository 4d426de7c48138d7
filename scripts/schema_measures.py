"""Write the measure lists of the shipped JSON Schemas from ``gate.model.measures.MEASURES``.

The thresholds schema's ``measure_rules`` (a rule of each measure's direction) and the
baseline schema's enum and pattern of measure names follow the one list; tests/test_layers.py
fails when they differ. Run from the repository root after adding a measure:

    python scripts/schema_measures.py [--check]
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from gate.model.measures import MEASURES  # noqa: E402

SCHEMAS = ROOT / "gate" / "schemas"


def thresholds_text(text: str) -> str:
    """The thresholds schema with its ``measure_rules`` written from MEASURES (its own layout
    kept: one measure a line, in MEASURES order)."""
    block = re.compile(r'("measure_rules": \{.*?"properties": \{\n)(.*?)(\n *\})', re.S)
    found = block.search(text)
    if found is None:
        raise SystemExit("thresholds.schema.json: no measure_rules properties found")
    indent = re.match(r" *", found.group(2)).group(0)
    lines = [f'{indent}"{m.name}": {{"$ref": "#/$defs/{"higher" if m.higher_is_better else "lower"}_rule"}}' for m in MEASURES]
    return text[:found.start(2)] + ",\n".join(lines) + text[found.end(2):]


def baseline_text(text: str) -> str:
    """The baseline schema with its enum and pattern of measure names written from MEASURES."""
    names = [m.name for m in MEASURES]
    text = re.sub(r'"enum": \["numeric_accuracy"[^\]]*\]', '"enum": ' + json.dumps(names), text)
    return re.sub(r'"\^\(numeric_accuracy[^)]*\)\$"', '"^(' + "|".join(names) + ')$"', text)


def main(argv: list[str]) -> int:
    changed = []
    for name, write in (("thresholds", thresholds_text), ("baseline", baseline_text)):
        path = SCHEMAS / f"{name}.schema.json"
        text = path.read_text("utf-8")
        new = write(text)
        json.loads(new)  # still JSON
        if new != text:
            changed.append(path.name)
            if "--check" not in argv:
                path.write_text(new, "utf-8")
    print(("differ: " if "--check" in argv else "written: ") + ", ".join(changed) if changed else "the schemas follow MEASURES")
    return 1 if changed and "--check" in argv else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
