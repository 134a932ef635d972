// Package safehtml is a goldmark extension that lets the HTML a markdown
// author writes into a page only through an allowlist, so a notebook's
// markdown cannot run script in the browser of someone who opens the
// published report or a diff page of a contributed branch.
//
// It sanitises what came from the author and nothing else:
//
//   - raw HTML nodes (ast.KindRawHTML, one inline tag each, and
//     ast.KindHTMLBlock) are rendered through a bluemonday policy
//     (github.com/microcosm-cc/bluemonday) instead of being copied;
//   - the destinations of markdown links, images and autolinks go through
//     AllowedURL, the rule the policy applies to HTML URLs; a refused URL is
//     blanked (href="" / src=""), as goldmark's safe mode does.
//
// Everything else, goldmark's own markup (headings with their ids, lists,
// GFM tables and task lists, code), texmath's math elements and the report
// renderer's own wrappers, never passes through the sanitiser and comes out
// byte for byte as before. The extension is used without html.WithUnsafe.
//
// # Policy
//
// Close to what Jupyter's sanitiser keeps in markdown cells:
//
//	kept     formatting (b i u s em strong mark small sub sup kbd code samp
//	         var abbr cite q del ins span br wbr ...), p div pre blockquote hr,
//	         h1–h6, lists (ul ol li dl dt dd), tables (table caption colgroup
//	         col thead tbody tfoot tr th td, with colspan/rowspan/align),
//	         details/summary (open), figure/figcaption, sectioning elements,
//	         a (href, name), img (src, alt, width, height, align);
//	         class, id, title, lang, dir on any of them (class tokens, ids
//	         and anchor names prefixed AuthorPrefix, "nb-", by Sanitize, so
//	         they cannot pass for the page's own); style with color,
//	         background-color, text-align, vertical-align, font-weight,
//	         font-style, font-size, text-decoration, width, height, max-width,
//	         each value checked by bluemonday's CSS handlers
//	URLs     relative, http, https, mailto; img src also data:image/png,
//	         jpeg, gif or webp in base64 (never data:image/svg+xml); no
//	         javascript:, vbscript:, data: or other scheme in a link
//	dropped  script and style elements with their content, event handlers
//	         (on*), iframe, frame, object, embed, form and its controls,
//	         svg and math (foreign content), audio/video, base, meta, link,
//	         comments, anything not listed above
//
// Jupyter also keeps forms, media, svg and a wider set of styles; they are
// left out here because a report has no use for them and each widens what
// an author's HTML can do to the page.
//
// Inline raw HTML is sanitised one tag at a time, as goldmark parses it, so
// markdown and math between two tags are rendered as usual
// ("<span>$x$</span>" keeps its math); an HTML block is sanitised as one
// fragment. bluemonday emits complete tags and escaped text and the policy
// admits no element whose content the browser reads as raw text or foreign
// content, so concatenating the sanitised pieces cannot open a context the
// pieces did not have.
//
// Check is an independent test oracle: it parses HTML with
// golang.org/x/net/html as a browser does and reports scripts, event
// handlers and javascript:/vbscript:/data: URLs. The tests and fuzz
// targets here and in package render check the sanitiser's output with it.
package safehtml
