// Before the first paint, so a dark-mode visitor never sees a white flash.
// A file rather than an inline script: the Content-Security-Policy allows
// no inline script (docs/decisions/0015). Same key and rule as src/lib/theme.ts.
;(() => {
  try {
    const saved = localStorage.getItem("howzat-theme")
    const dark = saved ? saved === "dark" : matchMedia("(prefers-color-scheme: dark)").matches
    if (dark) document.documentElement.classList.add("dark")
  } catch {}
})()
