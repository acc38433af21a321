/// What every page of the people page carries inline (nothing is fetched: the pages work from
/// `file://` with no network): the style sheet and the script that marks each thumbnail once it
/// has loaded or failed.
enum PeoplePageStyle {
    /// The style sheet: rows of thumbnails that wrap, a visible focus ring on every link, the
    /// system's fonts and colours in light and dark mode.
    static let css = """
        :root { color-scheme: light dark; --accent: #1a5fb4; }
        body { font: 15px/1.4 system-ui, sans-serif; margin: 0 auto; max-width: 72rem; padding: 1rem; }
        h1 { font-size: 1.5rem; margin: 0 0 .25rem; }
        h2 { font-size: 1.1rem; margin: 0 0 .5rem; }
        .count { font-weight: normal; opacity: .75; }
        .person { border-top: 1px solid #8884; padding: .75rem 0; content-visibility: auto; \
        contain-intrinsic-size: auto 10rem; }
        .faces { display: flex; flex-wrap: wrap; gap: .5rem; list-style: none; margin: 0; padding: 0; }
        .faces a { display: block; border-radius: 6px; }
        .faces img { display: block; width: 112px; height: 112px; border-radius: 6px; background: #8882; }
        .faces img[data-state="broken"] { outline: 2px dashed #c01c28; }
        .missing a { width: 112px; height: 112px; display: flex; align-items: center; justify-content: center; \
        text-align: center; font-size: .8rem; background: #8882; overflow-wrap: anywhere; }
        figcaption { font-size: .75rem; max-width: 112px; overflow-wrap: anywhere; }
        figure { margin: 0; }
        a { color: var(--accent); }
        @media (prefers-color-scheme: dark) { :root { --accent: #99c1f1; } }
        a:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
        nav.pages { display: flex; gap: 1rem; margin: .75rem 0; }
        .more { margin: .5rem 0 0; }
        """

    /// The script: each thumbnail gets `data-state="loaded"` once it has decoded (or `"broken"`
    /// when it failed), which the broken-image style and the browser test read.
    static let script = """
        for (const img of document.images) {
          const mark = () => { img.dataset.state = img.naturalWidth > 0 ? "loaded" : "broken"; };
          if (img.complete) mark(); else { img.addEventListener("load", mark); img.addEventListener("error", mark); }
        }
        """
}
