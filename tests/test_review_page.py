"""The review page in a real headless browser (Debian's chromium driven by Selenium): open
it from disk, judge two answers, export, and the gate reads the exported file and scores it.

Skipped, with a message naming the package, when chromium or its driver is not installed;
.ci/run installs both with apt-get so that CI runs it."""

from __future__ import annotations

import json
import shutil
import time

import pytest

from conftest import RUN_13, SET_12, THRESHOLDS, ROOT
from gate.cli.main import main
from gate.run.check import check_run

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")
pytestmark = pytest.mark.skipif(
    CHROMIUM is None or DRIVER is None,
    reason="no headless browser: install Debian's packages 'chromium' and 'chromium-driver' (apt-get install -y chromium chromium-driver)",
)


@pytest.fixture
def browser(tmp_path):
    webdriver = pytest.importorskip("selenium.webdriver", reason="the Python package 'selenium' (test extra) is not installed")
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", f"--user-data-dir={tmp_path / 'profile'}"):
        options.add_argument(flag)
    options.add_experimental_option("prefs", {"download.default_directory": str(tmp_path / "downloads"), "download.prompt_for_download": False})
    driver = webdriver.Chrome(service=Service(DRIVER), options=options)
    driver.set_page_load_timeout(30)
    try:
        driver.execute_cdp_cmd("Page.setDownloadBehavior", {"behavior": "allow", "downloadPath": str(tmp_path / "downloads")})
        yield driver
    finally:
        driver.quit()


def test_judge_two_answers_export_and_the_gate_scores_them(tmp_path, browser, capsys):
    from selenium.webdriver.common.by import By

    out = tmp_path / "review"
    code = main(["sample", str(RUN_13), "--questions", str(SET_12), "--rubric", str(ROOT / "rubric.yaml"),
                 "--size", "8", "--seed", "3", "--out", str(out)])
    assert code == 0, capsys.readouterr().err
    page = out / "review.html"
    browser.get(page.as_uri())
    assert browser.find_element(By.ID, "status").text == "0 of 8 judged"
    browser.find_element(By.ID, "reader").send_keys("Amina Diallo")
    items = {el.get_attribute("data-question-id"): el.get_attribute("id").split("-")[1]
             for el in browser.find_elements(By.CSS_SELECTOR, "section.item")}
    # a01: yes to every question that applies (caveat starts as n.a.: no caveat is known)
    for q in ("series", "period", "unit", "no_unsupported_claim"):
        browser.find_element(By.ID, f"l-{items['a01']}-{q}-yes").click()
    # a04: the caveat question applies (the set expects "provisional"); the reader says no
    for q in ("series", "period", "unit", "no_unsupported_claim"):
        browser.find_element(By.ID, f"l-{items['a04']}-{q}-yes").click()
    browser.find_element(By.ID, f"l-{items['a04']}-caveat-no").click()
    browser.find_element(By.ID, f"note-{items['a04']}").send_keys("provisional status omitted")
    browser.find_element(By.ID, f"d-{items['a04']}-clarity").send_keys("4")
    # the quality dimensions in the answer's language where rubric.yaml gives it (a04 is French)
    label = browser.find_element(By.CSS_SELECTOR, f"label[for='d-{items['a04']}-clarity']").text
    assert label == "Un lecteur la comprend-il à la première lecture ?"
    english = browser.find_element(By.CSS_SELECTOR, f"label[for='d-{items['a01']}-clarity']").text
    assert english == "Can a reader understand it at first reading?"
    assert browser.find_element(By.ID, "status").text == "2 of 8 judged"

    # progress survives a reload (localStorage)
    browser.refresh()
    assert _status_after_load(browser, By, "2 of 8 judged") == "2 of 8 judged"
    assert browser.find_element(By.ID, f"l-{items['a04']}-caveat-no").is_selected()

    browser.find_element(By.ID, "export").click()
    exported = browser.find_element(By.ID, "exported").get_attribute("value")
    lines = [json.loads(line) for line in exported.splitlines()]
    assert [j["question_id"] for j in lines] == ["a01", "a04"]
    assert lines[1]["labels"]["caveat"] == "no" and lines[1]["note"] == "provisional status omitted"
    assert lines[1]["quality"] == {"clarity": 4}
    assert lines[0]["judge"] == {"kind": "person", "name": "Amina Diallo", "version": None}
    downloaded = tmp_path / "downloads" / "judgements.jsonl"
    for _ in range(50):
        if downloaded.exists():
            break
        time.sleep(0.1)
    assert downloaded.read_text(encoding="utf-8") == exported

    report = check_run(RUN_13, SET_12, THRESHOLDS, judgements=[downloaded], rubric=ROOT / "rubric.yaml")
    cell = report.cell("all", "rubric_pass")
    assert (cell.numerator, cell.denominator) == (1, 2)
    assert (report.cell("all", "reviewed_share").numerator, report.cell("all", "reviewed_share").denominator) == (2, 8)
    assert [(f.question_id, f.code) for f in report.findings if f.code == "reader_no"] == [("a04", "reader_no")]


def _status_after_load(browser, by, expected: str, timeout: float = 10.0) -> str:
    """The review page's status line once the reloaded page has restored its progress from
    localStorage (its script runs after the page shows): the line when it reads ``expected``,
    or, after ``timeout`` seconds, whatever it reads then."""
    deadline = time.monotonic() + timeout
    while True:
        text = browser.find_element(by.ID, "status").text
        if text == expected or time.monotonic() > deadline:
            return text
        time.sleep(0.05)
