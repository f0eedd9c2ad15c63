// A script of its own that the signed-in pages' HTML names, async, and nothing imports (tools/build/pages.mjs
// INTL_WARM_UP). The first Intl formatter a page builds loads the engine's number and date data: on a phone that was
// a third of a signed-in page's first render (docs/performance.md "Notes on the eighth round of 2026-11-29"), and the
// cost is the same whatever the locale or options the page asks for later. Run here, while the page still waits for
// its larger files, it is paid before the render instead of in it. No import: it arrives in one small request and
// runs as soon as it has.
new Intl.NumberFormat().format(0);
new Intl.PluralRules().select(0);
new Intl.DateTimeFormat().format(0);
