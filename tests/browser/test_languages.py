"""A table read in Traditional Chinese: a zh-TW phone joins, plays and reads its page and its feed in
Chinese; the TV and the host page follow the box's language once the host chooses it; an English phone
at the same table reads English at the same moment; no page meets an error (test_csp.py holds the pages
to their CSP, the catalogue's fetch among them)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fixtures.browser import Server


def test_a_chinese_table(browser: Any, server: Server, shots: Path) -> None:
    errors: list[str] = []
    zh = browser.new_context(locale="zh-TW", viewport={"width": 390, "height": 844}, has_touch=True,
                             bypass_csp=True)
    en = browser.new_context(locale="en-US", viewport={"width": 390, "height": 844}, has_touch=True,
                             bypass_csp=True)
    try:
        phone = zh.new_page()
        phone.on("pageerror", lambda e: errors.append(f"phone: {e}"))
        phone.goto(f"{server.url}/seat/0")
        phone.wait_for_selector("#joinbtn:visible")
        assert phone.inner_text("#joinbtn") == "坐上 0 號座位"
        phone.fill("#name", "阿華")
        phone.click("#joinbtn")
        phone.wait_for_function("window.jaccuse && window.jaccuse.me()")
        assert phone.evaluate("document.documentElement.lang") == "zh-Hant"
        assert "0 號座位 · 阿華" in phone.inner_text("#title")
        assert phone.inner_text("button.langswitch") == "English"
        # a second phone at the same table reads English at the same moment
        other = en.new_page()
        other.on("pageerror", lambda e: errors.append(f"english phone: {e}"))
        other.goto(f"{server.url}/seat/1")
        other.wait_for_selector("#joinbtn:visible")
        assert other.inner_text("#joinbtn") == "Take seat 1"
        assert other.inner_text("button.langswitch") == "中文"
        # the switch: this phone now reads English, and keeps it over a reload
        phone.click("button.langswitch")
        phone.wait_for_function("document.documentElement.lang === 'en'")
        phone.reload()
        phone.wait_for_function("window.jaccuse && window.jaccuse.me()")
        assert phone.inner_text("#title").startswith("Seat 0")
        phone.click("button.langswitch")
        phone.wait_for_function("document.documentElement.lang === 'zh-Hant'")
        phone.wait_for_function("window.jaccuse && window.jaccuse.me()")
        phone.screenshot(path=str(shots / "phone-zh.png"), full_page=True)
        # the box speaks Chinese once the host says so: the TV and the host page
        assert server.host("language", {"language": "zh_Hant"})["language"] == "zh_Hant"
        tv_ctx = browser.new_context(locale="en-US", viewport={"width": 1920, "height": 1080},
                                     bypass_csp=True)
        try:
            tv = tv_ctx.new_page()
            tv.on("pageerror", lambda e: errors.append(f"tv: {e}"))
            tv.goto(server.url + "/")
            tv.wait_for_function("window.jaccuseTable && window.jaccuseTable.view()")
            assert tv.evaluate("document.documentElement.lang") == "zh-Hant"
            assert "規則" in tv.inner_text("#ruleslink") and "紀錄" in tv.inner_text("body")
            tv.screenshot(path=str(shots / "tv-zh.png"))
            host = tv_ctx.new_page()
            host.on("pageerror", lambda e: errors.append(f"host: {e}"))
            host.goto(server.host_link())
            host.wait_for_selector("#langsel")
            assert "誰可以入座" in host.inner_text("body") and host.input_value("#langsel") == "zh_Hant"
        finally:
            tv_ctx.close()
        assert errors == []
    finally:
        zh.close()
        en.close()
