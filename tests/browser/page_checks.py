"""Checks a browser test runs on any page of any game: touch targets big enough for a thumb, and text
that reads against its background. Each is a JavaScript function for ``page.evaluate`` that returns the
offenders (empty when the page passes)."""

# every visible clickable must be at least 44x44 CSS px
TARGETS_JS = """() => [...document.querySelectorAll('button,a,summary,select,input,[role=button]')]
  .filter(e => e.offsetParent !== null)
  .map(e => { const r = e.getBoundingClientRect(); return [e.outerHTML.slice(0, 60), r.width, r.height]; })
  .filter(([, w, h]) => w < 44 || h < 44)"""

# WCAG contrast of every visible text node's colour against its effective background
CONTRAST_JS = """() => {
  const rgb = s => (s.match(/[\\d.]+/g) || []).map(Number);
  const lin = v => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
  const lum = ([r, g, b]) => [r, g, b].map(lin)
    .reduce((a, v, i) => a + v * [0.2126, 0.7152, 0.0722][i], 0);
  const bg = e => { for (; e; e = e.parentElement) { const c = rgb(getComputedStyle(e).backgroundColor);
    if (c.length === 3 || c[3] > 0) return c.slice(0, 3); } return [255, 255, 255]; };
  const bad = [];
  for (const e of document.querySelectorAll('body *')) {
    if (e.offsetParent === null || e.disabled || e.closest('button:disabled')) continue;
    if (![...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim())) continue;
    const a = lum(rgb(getComputedStyle(e).color)), b = lum(bg(e));
    const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
    if (ratio < 4.5) bad.push([e.textContent.trim().slice(0, 30), ratio.toFixed(2)]);
  }
  return bad;
}"""
