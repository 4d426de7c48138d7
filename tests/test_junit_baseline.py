"""The JUnit report says what the JSON report and the comment say of each rule against the
baseline (issue 24's leftover): its status on the baseline, and whether a broken rule is new."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

from conftest import RUN_13, SET_12, THRESHOLDS


def _cases_and_rules(cli, *extra: str) -> tuple[list[dict[str, str]], list[dict]]:
    code, _, err = cli("check", str(RUN_13), "--questions", str(SET_12), "--thresholds", str(THRESHOLDS),
                       "--junit", "out.xml", "--json", "out.json", *extra)
    assert code == 1, err
    cases = [{p.get("name"): p.get("value") for p in case.iter("property")} for case in ET.parse("out.xml").iter("testcase")]
    return cases, json.loads(Path("out.json").read_text("utf-8"))["rules"]


def test_each_case_says_its_status_on_the_baseline_and_whether_it_is_new(workdir, cli):
    cases, rules = _cases_and_rules(cli)
    assert len(cases) == len(rules) and any(r["baseline_status"] for r in rules)
    for props, rule in zip(cases, rules, strict=True):
        assert props.get("baseline_status") == rule["baseline_status"]
        broken = rule["status"] in ("fail", "warn")
        assert props.get("new") == (None if not broken else "true" if rule["status"] != rule["baseline_status"] else "false")
    assert {"baseline_status": "pass", "new": "true"} in cases  # the example's new failures


def test_a_failure_the_baseline_had_already_is_not_new(workdir, cli):
    code, _, err = cli("baseline", "save", str(RUN_13), "--questions", str(SET_12), "--thresholds", str(THRESHOLDS), "--baselines", "same")
    assert code == 0, err
    cases, rules = _cases_and_rules(cli, "--baselines", "same", "--baseline", "1.3")
    failed = [props for props, rule in zip(cases, rules) if rule["status"] == "fail"]
    assert failed and all(props == {"baseline_status": "fail", "new": "false"} for props in failed)


def test_without_a_baseline_no_case_has_properties(workdir, cli):
    cases, _ = _cases_and_rules(cli, "--no-baseline")
    assert cases and all(props == {} for props in cases)
