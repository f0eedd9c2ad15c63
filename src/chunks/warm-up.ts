// A script of its own that the signed-in pages' HTML names, async, and nothing imports (tools/build/pages.mjs
// WARM_UP): it pays, while the page still waits for its larger files, two costs that otherwise fell inside the
// page's first frame. No import: it arrives in one small request and runs as soon as it has.
//
// The first Intl formatter a page builds loads the engine's number and date data: on a phone that was a third of a
// signed-in page's first render (docs/performance.md "Notes on the eighth round of 2026-11-29"), and the cost is the
// same whatever the locale or options the page asks for later.
new Intl.NumberFormat().format(0);
new Intl.PluralRules().select(0);
new Intl.DateTimeFormat().format(0);

// The images the page's HTML preloads are its largest paint (the credits page's comparison). The browser decodes an
// image when it first paints it, off the main thread but before that frame shows: 60-100 ms for the two comparison
// images in a trace of the bench's Android profile. Decoded now, as they arrive, the page's first frame finds them
// ready.
for (const link of document.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="image"]')) {
  const image = new Image();
  image.src = link.href;
  image.decode().catch(() => undefined);
}
