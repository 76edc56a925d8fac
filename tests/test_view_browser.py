"""`docintel view` in a real browser: headless Chromium (Debian's chromium and chromium-driver, which .ci/run
installs) driven by selenium. Opens the list, a trace, finds one box per cited line with its verdict, clicks an
item, asks from the page, and saves screenshots under the test's temporary folder."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.conftest import ROOT, interruptible, read_traces
from tests.fake_openai import responses_body

CHROMIUM = shutil.which("chromium")
CHROMEDRIVER = shutil.which("chromedriver")
pytestmark = pytest.mark.skipif(
    not CHROMIUM or not CHROMEDRIVER, reason="Debian's chromium and chromium-driver are not installed (.ci/run does)"
)
MARKS = ".box, .cited-line"  # a box on the page image, or a listed line without page geometry

ANSWER = {
    "answer_type": "text",
    "items": [
        {
            "text": "45 days from purchase",
            "spans": [{"doc": None, "line_start": 60, "line_end": 61, "quote": "within 45 days of purchase"}],
        },
        {
            "text": "refunds within 10 business days",
            "spans": [{"doc": None, "line_start": 63, "line_end": 63, "quote": "within 10 business days"}],
        },
    ],
    "answer_found": True,
    "complete_answer_found": True,
    "conflicting_evidence": False,
    "context_structured": True,
    "caveats": [],
}


@pytest.fixture
def browser():
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in (
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--window-size=1400,1000",
    ):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)  # the system driver: nothing fetched
    driver.implicitly_wait(0)
    yield driver
    driver.quit()


@pytest.fixture
def viewer(corpus_pdf, isolated_env):
    """`docintel view corpus.pdf --port 0` as a user starts it; yields its address, stops it with Ctrl-C."""
    env = {
        **os.environ,
        "PYTHONPATH": str(ROOT),
        "DOCINTEL_BACKEND": "extractive",  # asking from the page answers offline
    }
    env.pop("OPENAI_API_KEY", None)
    process = subprocess.Popen(
        [sys.executable, "-m", "docintel", "view", str(corpus_pdf), "--port", "0"],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=interruptible,
    )
    assert process.stdout is not None
    line = process.stdout.readline()  # "docintel view: http://127.0.0.1:PORT/  (...)"
    assert line.startswith("docintel view: http://127.0.0.1:"), line + (process.stderr.read() if process.stderr else "")
    yield line.split()[2]
    process.send_signal(signal.SIGINT)
    _, err = process.communicate(timeout=20)
    assert process.returncode == 0 and "stopped" in err


def _wait(driver, css: str, seconds: float = 20.0):
    from selenium.webdriver.common.by import By

    deadline = time.time() + seconds
    while time.time() < deadline:
        found = driver.find_elements(By.CSS_SELECTOR, css)
        if found:
            return found
        time.sleep(0.05)
    raise AssertionError(f"{css} did not appear at {driver.current_url}")


def _expected_marks(trace: dict) -> dict[int, str]:
    """GLOBAL_LINE -> verdict state, from the trace's own verification record."""
    expected = {}
    for span in trace["verification"]["spans"]:
        state = "verified" if span["verdict"] == "verified" else "failed"
        for line in range(span["line_start"], span["line_end"] + 1):
            expected[line] = state
    return expected


def test_list_trace_marks_click_and_ask(run_cli, corpus_pdf, fake_openai, browser, viewer, isolated_env, monkeypatch):
    from selenium.webdriver.common.by import By

    fake_openai.default = {"body": responses_body(json.dumps(ANSWER)), "status": 200}
    assert run_cli("ask", "How long is the refund window?", corpus_pdf, "--strategy", "combined")[0] == 0
    monkeypatch.delenv("OPENAI_API_KEY")
    assert run_cli("ask", "How much were capital expenditures in fiscal 2025?", corpus_pdf)[0] == 0
    refund, capex = read_traces(isolated_env / "traces")
    assert [s["verdict"] for s in refund["verification"]["spans"]] == ["verified", "quote_not_found"]
    before = sorted(p.name for p in (isolated_env / "traces").iterdir())

    shots = isolated_env / "shots"
    shots.mkdir()
    browser.get(viewer)
    rows = _wait(browser, "table tbody tr")
    assert len(rows) == 2 and "capital expenditures" in rows[0].text  # newest first
    browser.find_element(By.LINK_TEXT, refund["question"]).click()
    marks = _wait(browser, MARKS)
    seen = {int(m.get_attribute("data-line")): m.get_attribute("data-state") for m in marks}
    assert len(marks) == len(seen) == 3  # one box per cited line: 60, 61 and 63
    assert seen == _expected_marks(refund) == {60: "verified", 61: "verified", 63: "failed"}
    labels = [m.find_element(By.CSS_SELECTOR, ".label").text for m in marks]
    assert labels == ["1 · L60", "1 · L61", "2 · L63"]  # item and line
    colours = {m.get_attribute("data-state"): m.value_of_css_property("border-left-color") for m in marks}
    assert colours["verified"] != colours["failed"]
    (image,) = browser.find_elements(By.CSS_SELECTOR, ".sheet img")  # the one cited page, drawn
    assert browser.execute_script("return arguments[0].complete && arguments[0].naturalWidth", image) > 500
    assert not browser.find_elements(By.CSS_SELECTOR, ".cited-line")  # every cited line is boxed, none listed
    assert all(10 < m.size["height"] < 40 and m.size["width"] > 100 for m in marks)  # a line's box, not a page's
    browser.save_screenshot(str(shots / "trace.png"))

    item = browser.find_element(By.ID, "item-1")
    assert "quote ✗" in item.text
    browser.execute_script("window.scrollTo(0, document.body.scrollHeight)")
    item.find_element(By.CSS_SELECTOR, ".value").click()  # the item's text (its citation is a link to the PDF)
    time.sleep(0.8)  # the smooth scroll
    focused = browser.find_elements(By.CSS_SELECTOR, ".focus")
    assert [int(f.get_attribute("data-line")) for f in focused] == [63]
    assert "selected" in item.get_attribute("class")
    top = browser.execute_script("return arguments[0].getBoundingClientRect().top", focused[0])
    assert 0 <= top <= browser.execute_script("return window.innerHeight")  # scrolled into view
    browser.save_screenshot(str(shots / "clicked.png"))

    browser.find_element(By.CSS_SELECTOR, "form.ask textarea").send_keys("What is the refund window?")
    browser.find_element(By.CSS_SELECTOR, "form.ask button").click()
    deadline = time.time() + 30
    while time.time() < deadline and refund["trace_id"] in browser.current_url:
        time.sleep(0.1)
    assert "/trace/" in browser.current_url and refund["trace_id"] not in browser.current_url
    _wait(browser, MARKS)
    assert "45 days" in browser.find_element(By.ID, "answer").text
    browser.save_screenshot(str(shots / "asked.png"))
    after = sorted(p.name for p in (isolated_env / "traces").iterdir())
    assert len(after) == len(before) + 1  # only the trace of the question asked from the page
    assert capex["trace_id"] + ".json" in after
    assert all(Path(shots / n).stat().st_size > 10_000 for n in ("trace.png", "clicked.png", "asked.png"))
