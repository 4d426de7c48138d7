"""The review page with claims (issue 32) in a real headless browser: the answer starts split
into sentences, a reader splits one into two claims, labels each with its evidence, exports,
and ``check --judgements`` scores the export claim by claim.

Skipped, naming the packages, when chromium or its driver is not installed (as
tests/test_review_page.py)."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
from test_review_page import CHROMIUM, DRIVER, browser  # noqa: F401  (the fixture)

from conftest import SET_12, THRESHOLDS
from gate.cli.main import main

pytestmark = pytest.mark.skipif(CHROMIUM is None or DRIVER is None, reason="no headless browser: install 'chromium' and 'chromium-driver'")

CLAIMS = Path(__file__).resolve().parent / "fixtures" / "claims"
RUN = CLAIMS / "answers_run_assistant-1.3_set-1.2.jsonl"
RUBRIC = CLAIMS / "rubric.yaml"


def click(browser, element) -> None:
    """Click as a reader does, the element scrolled to the middle of the window (clear of the sticky bar)."""
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
    element.click()


def claim_texts(browser, by, index: str) -> list[str]:
    return [q.text for q in browser.find_elements(by.CSS_SELECTOR, f"#claims-{index} .claim q")]


def test_a_reader_splits_a_sentence_into_two_claims_labels_them_and_the_gate_scores_the_export(tmp_path, browser, capsys):  # noqa: F811
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    out = tmp_path / "review"
    assert main(["sample", str(RUN), "--questions", str(SET_12), "--rubric", str(RUBRIC), "--size", "8", "--seed", "3",
                 "--out", str(out)]) == 0, capsys.readouterr().err
    browser.get((out / "review.html").as_uri())
    assert browser.find_element(By.ID, "status").text == "0 of 8 judged"
    browser.find_element(By.ID, "reader").send_keys("Amina Diallo")
    items = {el.get_attribute("data-question-id"): el.get_attribute("id").split("-")[1]
             for el in browser.find_elements(By.CSS_SELECTOR, "section.item")}
    a01, a02 = items["a01"], items["a02"]
    # no_unsupported_claim is not asked: the claims answer it
    assert not browser.find_elements(By.ID, f"l-{a01}-no_unsupported_claim-yes")
    # the answers start split into sentences: a01 one claim, a02 two
    assert claim_texts(browser, By, a01) == ["About 7.6% of the population was undernourished in 2024, down from 7.9% in 2023 (FS_UNDERNOURISH_PCT)."]
    assert claim_texts(browser, By, a02) == ["Life expectancy at birth was 68.2 years in 2023 (HLTH_LIFE_EXP_YRS).", "It has fallen since the year before."]
    # the reader splits a01's sentence where "down from" begins
    browser.find_element(By.ID, f"claim-{a01}-0-at").send_keys("down from")
    click(browser, browser.find_element(By.ID, f"claim-{a01}-0-split"))
    assert claim_texts(browser, By, a01) == ["About 7.6% of the population was undernourished in 2024",
                                             "down from 7.9% in 2023 (FS_UNDERNOURISH_PCT)."]
    # merging a02's two sentences makes one claim; splitting it again where "It has" begins gives them back
    click(browser, browser.find_element(By.ID, f"claim-{a02}-0-merge"))
    assert claim_texts(browser, By, a02) == ["Life expectancy at birth was 68.2 years in 2023 (HLTH_LIFE_EXP_YRS). It has fallen since the year before."]
    browser.find_element(By.ID, f"claim-{a02}-0-at").send_keys("It has")
    click(browser, browser.find_element(By.ID, f"claim-{a02}-0-split"))
    assert claim_texts(browser, By, a02) == ["Life expectancy at birth was 68.2 years in 2023 (HLTH_LIFE_EXP_YRS).", "It has fallen since the year before."]
    # a claim removed, then added back as the reader types it (a03 is left unjudged)
    a03 = items["a03"]
    click(browser, browser.find_element(By.ID, f"claim-{a03}-0-remove"))
    assert claim_texts(browser, By, a03) == []
    browser.find_element(By.ID, f"claim-{a03}-new").send_keys("35 per 1,000 live births")
    click(browser, browser.find_element(By.ID, f"claim-{a03}-add"))
    assert claim_texts(browser, By, a03) == ["35 per 1,000 live births"]
    section = browser.find_element(By.ID, f"claim-{a03}-0")
    assert (section.get_attribute("data-start"), section.get_attribute("data-end")) == ("34", "58")
    for ci in (0, 1):
        Select(browser.find_element(By.ID, f"claim-{a01}-{ci}-label")).select_by_value("supported")
        click(browser, browser.find_element(By.ID, f"claim-{a01}-{ci}-ev-FS_UNDERNOURISH_PCT"))
    Select(browser.find_element(By.ID, f"claim-{a02}-0-label")).select_by_value("supported")
    Select(browser.find_element(By.ID, f"claim-{a02}-1-label")).select_by_value("contradicted")
    click(browser, browser.find_element(By.ID, f"claim-{a02}-1-ev-HLTH_LIFE_EXP_YRS"))
    for index in (a01, a02):
        for q in ("series", "period", "unit"):
            click(browser, browser.find_element(By.ID, f"l-{index}-{q}-yes"))
    assert browser.find_element(By.ID, "status").text == "2 of 8 judged"

    click(browser, browser.find_element(By.ID, "export"))
    exported = browser.find_element(By.ID, "exported").get_attribute("value")
    lines = [json.loads(line) for line in exported.splitlines()]
    assert [j["question_id"] for j in lines] == ["a01", "a02"]
    assert lines[0]["claims"] == [
        {"start": 0, "end": 55, "text": "About 7.6% of the population was undernourished in 2024", "label": "supported", "evidence": ["FS_UNDERNOURISH_PCT"]},
        {"start": 57, "end": 102, "text": "down from 7.9% in 2023 (FS_UNDERNOURISH_PCT).", "label": "supported", "evidence": ["FS_UNDERNOURISH_PCT"]},
    ]
    assert "no_unsupported_claim" not in lines[0]["labels"]
    downloaded = tmp_path / "downloads" / "judgements.jsonl"
    for _ in range(50):
        if downloaded.exists():
            break
        time.sleep(0.1)
    assert downloaded.read_text(encoding="utf-8") == exported

    code = main(["check", str(RUN), "--questions", str(SET_12), "--thresholds", str(THRESHOLDS), "--rubric", str(RUBRIC),
                 "--judgements", str(downloaded), "--no-baseline", "--json", str(tmp_path / "report.json")])
    captured = capsys.readouterr()
    assert code == 1, captured.err  # the run fails its floors, as the example does
    data = json.loads((tmp_path / "report.json").read_text(encoding="utf-8"))
    cells = {(c["slice"], c["measure"]): (c["numerator"], c["denominator"]) for c in data["scores"]}
    assert cells[("all", "grounded_claim_rate")] == (3, 4)  # a01's two and a02's first of a02's two
    assert cells[("all", "contradicted_claims")] == (1, 2)
    assert cells[("all", "rubric_no_unsupported_claim")] == (1, 2)
    assert [(f["question_id"], f["code"]) for f in data["findings"] if f["code"].startswith("claim_")] == [("a02", "claim_contradicted")]
