"""`judge serve`'s pages driven for real in headless Chromium (Selenium with Debian's chromedriver):
register, submit through the form, see the verdict change with no reload, the first failing sample
case drawn, and the public scoreboard reordering itself live; names shown as text, never markup."""

from __future__ import annotations

import shutil

import pytest
from selenium import webdriver
from selenium.common.exceptions import JavascriptException, NoSuchElementException, StaleElementReferenceException
from selenium.webdriver.chrome.service import Service as Driver
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

from helpers import PROBLEM_DIR, SUBMISSIONS
from serving import GRADING_SECONDS, Server, contest_file

BOB = "bob-token-0123456789ab"
NAME = "<i>Zed</i> & co"


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    folder = tmp_path_factory.mktemp("pages")
    contest = contest_file(folder, PROBLEM_DIR, registration="open",
                           participants=[{"id": "bob", "name": "Bob", "token": BOB}])
    running = Server(contest, folder / "results.sqlite3")
    yield running
    running.stop()


@pytest.fixture(scope="module")
def browser():
    options = webdriver.ChromeOptions()
    for argument in ("--headless=new", "--no-sandbox", "--disable-background-networking", "--disable-dev-shm-usage",
                     "--window-size=1280,900"):
        options.add_argument(argument)
    options.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
    driver = webdriver.Chrome(options=options, service=Driver(shutil.which("chromedriver") or "/usr/bin/chromedriver"))
    yield driver
    driver.quit()


def text(browser, selector):
    """The text of every element a selector finds, read in one go (the live script replaces rows meanwhile)."""
    script = "return Array.from(document.querySelectorAll(arguments[0]), e => e.textContent.trim());"
    return browser.execute_script(script, selector)


def wait(browser, condition, seconds=GRADING_SECONDS):
    """Until the condition holds (polled; bounded generously: grading under load takes its time)."""
    # a script run while a page is being replaced may fail; the condition is asked again at the next poll
    ignored = (JavascriptException, NoSuchElementException, StaleElementReferenceException)
    return WebDriverWait(browser, seconds, poll_frequency=0.2, ignored_exceptions=ignored).until(
        lambda _: condition())


def first(browser, selector):
    """The text of the first element a selector finds, or None while there is none."""
    found = text(browser, selector)
    return found[0] if found else None


def find(browser, selector):
    """The element, once the page that has it is loaded (a click's navigation may still be under way)."""
    return wait(browser, lambda: browser.find_elements(By.CSS_SELECTOR, selector) or None, 60)[0]


def test_register_submit_and_watch_the_verdict_arrive(server, browser):
    browser.get(server.url + "/")
    browser.find_element(By.CSS_SELECTOR, "#register input[name=name]").send_keys(NAME)
    browser.find_element(By.CSS_SELECTOR, "#register button").click()
    assert len(find(browser, "#token").text) >= 40
    browser.get(server.url + "/submit")
    Select(browser.find_element(By.NAME, "language")).select_by_value("python")
    area = browser.find_element(By.NAME, "source")
    browser.execute_script("arguments[0].value = arguments[1];", area,
                           (SUBMISSIONS / "wrong_answer" / "digits_spread.py").read_text())
    browser.find_element(By.CSS_SELECTOR, "#submit button").click()
    find(browser, "#mine")
    assert browser.current_url.endswith("/my")
    browser.execute_script("window.stillTheSamePage = true;")
    wait(browser, lambda: first(browser, "#mine tbody tr .verdict") == "WA")
    assert browser.execute_script("return window.stillTheSamePage === true;")  # updated live, not reloaded
    # found and clicked in one go: the live script rewrites the rows every second, so an element found in
    # one call may be gone (stale) by the next
    browser.execute_script("document.querySelector('#mine tbody tr a').click();")
    failure = find(browser, "#failure")
    captions = [c.text for c in failure.find_elements(By.TAG_NAME, "figcaption")]
    assert captions[0] == "board" and any(c.startswith("expected") for c in captions) and \
        any(c.startswith("got") for c in captions)
    assert failure.find_elements(By.CSS_SELECTOR, "table.grid td.wrong")  # the wrong squares marked
    verdicts = [row.text for row in browser.find_elements(By.CSS_SELECTOR, "#cases td:nth-child(3)")]
    # An ICPC contest grades up to the first failing case (lazy evaluation): the rest are SKIPPED.
    failed = verdicts.index("WA")
    assert set(verdicts[:failed]) <= {"AC"} and set(verdicts[failed + 1:]) == {"SKIPPED"}, verdicts


def test_the_scoreboard_updates_live_and_shows_names_as_text(server, browser):
    browser.get(server.url + "/scoreboard")
    browser.execute_script("window.stillTheSamePage = true;")
    names = lambda: text(browser, "#board tbody td.name")  # noqa: E731
    assert set(names()) == {"Bob", NAME}
    assert not browser.find_elements(By.CSS_SELECTOR, "#board i")  # the name's markup stayed text
    status, answer, _ = server.call("POST", "/api/submissions", {"problem": "minesweeper", "language": "python",
                                    "source": (SUBMISSIONS / "accepted" / "bfs_class.py").read_text()}, token=BOB)
    assert status == 201, answer
    wait(browser, lambda: names()[:1] == ["Bob"] and "(1)" in (first(browser, "#board tbody tr:first-child td.cell")
                                                                 or ""))
    assert browser.execute_script("return window.stillTheSamePage === true;")
    assert not browser.find_elements(By.CSS_SELECTOR, "#board i")
    assert names() == ["Bob", NAME]
