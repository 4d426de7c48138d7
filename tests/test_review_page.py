"""The review page in a real headless browser (Debian's chromium driven by Selenium): open
it from disk, judge two answers, export, and the gate reads the exported file and scores it.

Skipped, with a message naming the package, when chromium or its driver is not installed;
.ci/run installs both with apt-get so that CI runs it."""

from __future__ import annotations

import json
import os
import shutil
import time
from pathlib import Path

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


# -- the page a reader meets: marks, findings, observations, keys, filters, 320 px ----------

RUN_14 = ROOT / "examples" / "observations" / "answers_run_assistant-1.4_set-1.2.jsonl"
RUBRIC = ROOT / "rubric.yaml"
#: Where screenshots are kept besides the test's own folder (for a person to look at).
SHOTS = os.environ.get("ANSWER_GATE_SCREENSHOTS")


def sample_page(tmp_path, run, name: str):
    """The review page of the whole run (8 answers, seed 3: in the set's order)."""
    out = tmp_path / name
    assert main(["sample", str(run), "--questions", str(SET_12), "--rubric", str(RUBRIC), "--size", "8", "--seed", "3",
                 "--out", str(out)]) == 0
    return out / "review.html"


def open_page(browser, page, by, width: int = 1280, height: int = 1000):
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                            {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 500})
    browser.get(page.as_uri())
    _status_after_load(browser, by, "0 of 8 judged")


def screenshot(browser, tmp_path, name: str, width: int, height: int | None = None, at: str | None = None) -> None:
    """A PNG of the page (the whole page, or ``height`` pixels of it from the top or from the
    element of id ``at``) in the test's folder and, when $ANSWER_GATE_SCREENSHOTS names a
    folder, there too."""
    full = browser.execute_script("return document.documentElement.scrollHeight")
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                            {"width": width, "height": min(height or full, 8000), "deviceScaleFactor": 1, "mobile": width < 500})
    browser.execute_script("arguments[0] ? document.getElementById(arguments[0]).scrollIntoView({block: 'start'}) : window.scrollTo(0, 0)", at)
    for folder in filter(None, (tmp_path, SHOTS)):
        path = Path(folder) / name
        assert browser.save_screenshot(str(path)), path


MARKS = """return [...document.querySelectorAll('section.item')].map((s) => [s.dataset.questionId,
  [...s.querySelectorAll('.answer mark')].map((m) => [m.firstChild.textContent, m.dataset.state])]);"""


def test_figures_are_marked_with_the_gates_state_on_the_running_examples(tmp_path, browser):
    from selenium.webdriver.common.by import By

    open_page(browser, sample_page(tmp_path, RUN_14, "obs"), By)
    marks = dict(browser.execute_script(MARKS))
    assert marks == {
        "a01": [["7.6%", "supported"], ["8.4%", "wrong_period"], ["2023", "wrong_period"]],  # 8.4 is 2022's value, stated for 2023
        "a02": [["68.2", "supported"]], "a03": [["41", "supported"]],
        "a04": [["6,8 %", "caveat_missing"]],  # provisional (status P), never said
        "a05": [], "a06": [], "a07": [["92.5%", "supported"]], "a08": [["1 234 567", "supported"]],
    }
    a01 = browser.find_element(By.CSS_SELECTOR, "section[data-question-id='a01']")
    mark = a01.find_element(By.CSS_SELECTOR, "mark.wrong_period")
    assert mark.find_element(By.CSS_SELECTOR, ".sym").text == "⚠ wrong period"  # seen
    assert mark.find_element(By.CSS_SELECTOR, ".sr").get_attribute("textContent") == " (wrong period)"  # heard
    year = a01.find_element(By.CSS_SELECTOR, "mark[data-kind='period']")
    assert (year.get_attribute("data-state"), year.find_element(By.CSS_SELECTOR, ".sym").text) == (
        "wrong_period", "⚠ period stated for 8.4%")
    findings = [li.text for li in a01.find_elements(By.CSS_SELECTOR, ".findings li")]
    assert findings == ["wrong_period (period match): '8.4%' is stated for '2023', but it matches FS_UNDERNOURISH_PCT 2022; "
                        "FS_UNDERNOURISH_PCT 2023 is 7.9"]
    a02 = browser.find_element(By.CSS_SELECTOR, "section[data-question-id='a02']")
    assert a02.find_element(By.CSS_SELECTOR, ".findings p").text == "No finding: every check the gate ran on this answer passed."
    screenshot(browser, tmp_path, "review-page-observations-1280.png", 1280, 1400)

    open_page(browser, sample_page(tmp_path, RUN_13, "published"), By)
    marks = dict(browser.execute_script(MARKS))
    assert marks["a03"] == [["35", "unsupported"]]  # 35 for the 41 retrieved
    assert marks["a06"] == [["31%", "unsupported"]]
    assert marks["a01"] == [["7.6%", "supported"], ["7.9%", "supported"]]
    assert marks["a07"] == [["92.5%", "supported"]]  # supported; the finding is its citation's
    a07 = browser.find_element(By.CSS_SELECTOR, "section[data-question-id='a07']")
    assert [c.text for c in a07.find_elements(By.CSS_SELECTOR, ".findings code")] == ["cited_not_retrieved"]


def test_observations_are_a_table_with_the_status_in_the_answers_language(tmp_path, browser):
    from selenium.webdriver.common.by import By

    open_page(browser, sample_page(tmp_path, RUN_14, "obs"), By)

    def table(qid):
        section = browser.find_element(By.CSS_SELECTOR, f"section[data-question-id='{qid}']")
        rows = section.find_elements(By.CSS_SELECTOR, "table.observations tr")
        return [[c.get_attribute("textContent") for c in r.find_elements(By.CSS_SELECTOR, "th, td")] for r in rows]

    assert table("a04") == [["Series", "Period", "Value", "Unit", "Status", "Caveats"],
                            ["LAB_UNEMP_RATE_Q", "2025-Q2", "6.8", "percent", "valeur provisoire (P)",
                             "provisional: revised with the next quarterly release"],
                            ["LAB_UNEMP_RATE_Q", "2025-Q1", "7.1", "percent", "valeur normale (A)", ""]]
    assert table("a01") == [["Series", "Period", "Value", "Unit", "Status"],  # no caveat: no column for it
                            ["FS_UNDERNOURISH_PCT", "2024", "7.6", "percent", "normal value (A)"],
                            ["FS_UNDERNOURISH_PCT", "2023", "7.9", "percent", "normal value (A)"],
                            ["FS_UNDERNOURISH_PCT", "2022", "8.4", "percent", "normal value (A)"]]
    assert "Series metadata" not in browser.find_element(By.TAG_NAME, "body").text  # no raw JSON
    # the rubric questions in the answer's language
    a04 = browser.find_element(By.CSS_SELECTOR, "section[data-question-id='a04']")
    legends = [e.text for e in a04.find_elements(By.CSS_SELECTOR, "fieldset.q legend")]
    assert legends[0] == "Est-ce la bonne série pour la question ?" and len(legends) == 5


def test_keyboard_judging_of_two_answers_export_and_check_scores_the_export(tmp_path, browser, capsys):
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By

    open_page(browser, sample_page(tmp_path, RUN_14, "obs"), By)
    browser.find_element(By.ID, "reader").send_keys("Amina Diallo")
    browser.execute_script("document.activeElement.blur()")
    keys = ActionChains(browser)
    # a01: series yes, period no (the wrong year), unit yes; caveat does not apply: skipped; claim yes
    keys.send_keys("ynyy").perform()
    assert browser.find_element(By.ID, "status").text == "1 of 8 judged"
    for q, label in (("series", "yes"), ("period", "no"), ("unit", "yes"), ("caveat", "not_applicable"), ("no_unsupported_claim", "yes")):
        assert browser.find_element(By.ID, f"l-0-{q}-{label}").is_selected(), q
    # next answer three times and back once: a02, a03, a04, a05, then a04
    ActionChains(browser).send_keys("jjjjk").perform()
    assert browser.switch_to.active_element.get_attribute("id") == "h-3"
    assert "current" in browser.find_element(By.ID, "item-3").get_attribute("class")
    ActionChains(browser).send_keys("yyyny").perform()  # a04: the caveat applies (status P); the reader says no
    assert browser.find_element(By.ID, "l-3-caveat-no").is_selected()
    assert browser.find_element(By.ID, "status").text == "2 of 8 judged"
    # keys do nothing while the reader types a note
    note = browser.find_element(By.ID, "note-3")
    note.send_keys("not said: provisional")
    assert browser.find_element(By.ID, "status").text == "2 of 8 judged"
    assert browser.find_element(By.ID, "l-3-series-yes").is_selected()

    screenshot(browser, tmp_path, "review-page-judged-a04-1280.png", 1280, 1000, at="item-3")
    browser.find_element(By.ID, "export").click()
    exported = browser.find_element(By.ID, "exported").get_attribute("value")
    lines = [json.loads(line) for line in exported.splitlines()]
    assert [(j["question_id"], j["labels"]) for j in lines] == [
        ("a01", {"series": "yes", "period": "no", "unit": "yes", "caveat": "not_applicable", "no_unsupported_claim": "yes"}),
        ("a04", {"series": "yes", "period": "yes", "unit": "yes", "caveat": "no", "no_unsupported_claim": "yes"})]
    assert lines[1]["note"] == "not said: provisional"
    downloaded = tmp_path / "downloads" / "judgements.jsonl"
    for _ in range(50):
        if downloaded.exists():
            break
        time.sleep(0.1)
    assert downloaded.read_text(encoding="utf-8") == exported

    report = tmp_path / "report.json"
    code = main(["check", str(RUN_14), "--questions", str(SET_12), "--thresholds", str(THRESHOLDS), "--rubric", str(RUBRIC),
                 "--no-baseline", "--jobs", "1", "--judgements", str(downloaded), "--json", str(report)])
    err = capsys.readouterr().err
    assert code == 1, err  # period match fails the gate (a01), as without judgements
    scores = {s["measure"]: (s["numerator"], s["denominator"]) for s in json.loads(report.read_text())["scores"] if s["slice"] == "all"}
    assert scores["rubric_pass"] == (0, 2)
    assert scores["rubric_period"] == (1, 2)
    assert scores["rubric_caveat"] == (0, 1)
    assert scores["reviewed_share"] == (2, 8)


def test_filters_show_a_language_the_unjudged_and_the_flagged(tmp_path, browser):
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    open_page(browser, sample_page(tmp_path, RUN_14, "obs"), By)

    def shown():
        return [s.get_attribute("data-question-id") for s in browser.find_elements(By.CSS_SELECTOR, "section.item") if s.is_displayed()]

    Select(browser.find_element(By.ID, "filter-language")).select_by_value("fr")
    assert shown() == ["a04", "a08"]
    assert browser.find_element(By.ID, "shown").text == "showing 2 of 8"
    browser.find_element(By.ID, "filter-flagged").click()
    assert shown() == ["a04"]
    Select(browser.find_element(By.ID, "filter-language")).select_by_value("")
    assert shown() == ["a01", "a04"]
    # next answer goes to the next one shown
    browser.execute_script("document.activeElement.blur()")
    ActionChains(browser).send_keys("j").perform()
    assert browser.switch_to.active_element.get_attribute("id") == "h-3"
    ActionChains(browser).send_keys("kyyyy").perform()  # back to a01 (a02 and a03 are not shown), judged
    assert browser.find_element(By.ID, "status").text == "1 of 8 judged"
    browser.find_element(By.ID, "filter-flagged").click()
    browser.find_element(By.ID, "filter-unjudged").click()
    assert shown() == ["a02", "a03", "a04", "a05", "a06", "a07", "a08"]


def test_usable_at_320_px_and_every_control_has_a_label(tmp_path, browser):
    from selenium.webdriver.common.by import By

    open_page(browser, sample_page(tmp_path, RUN_14, "obs"), By, width=320, height=800)
    assert browser.execute_script("return window.innerWidth") == 320
    assert browser.execute_script("return document.documentElement.scrollWidth") <= 320  # no sideways scrolling
    wide = browser.execute_script("""return [...document.querySelectorAll('section.item, fieldset, header, nav, details, textarea')]
        .filter((e) => e.getBoundingClientRect().right > 320.5).map((e) => e.id || e.tagName)""")
    assert wide == []
    unlabelled = browser.execute_script("""return [...document.querySelectorAll('input, select, textarea, button')]
        .filter((e) => !(e.labels && e.labels.length) && !e.getAttribute('aria-label') && !(e.tagName === 'BUTTON' && e.textContent.trim()))
        .map((e) => e.id || e.outerHTML)""")
    assert unlabelled == []
    assert browser.execute_script("return document.querySelectorAll('input, select, textarea, button').length") == 8 * (5 * 3 + 4 + 1) + 9
    # per answer 5 questions x 3 labels, 4 scores, a note; then the reader, export, the language,
    # three boxes (not judged yet, flagged, keys), previous, next and the exported text
    screenshot(browser, tmp_path, "review-page-observations-320.png", 320, 2400)
