package safehtml

import (
	"bytes"
	"fmt"
	"strings"

	"golang.org/x/net/html"
)

// activeElements run code, load documents or styles, submit data or
// change how the rest of the page is read.
var activeElements = map[string]bool{
	"script": true, "style": true, "iframe": true, "frame": true, "frameset": true,
	"object": true, "embed": true, "applet": true, "base": true, "meta": true,
	"link": true, "form": true, "portal": true, "noscript": true, "template": true,
}

// urlAttributes hold a URL a browser fetches or navigates to.
var urlAttributes = map[string]bool{
	"href": true, "src": true, "action": true, "formaction": true, "background": true,
	"poster": true, "cite": true, "data": true, "codebase": true, "srcset": true,
	"xlink:href": true, "lowsrc": true, "dynsrc": true, "longdesc": true, "ping": true,
}

// Check reports the first construct in an HTML fragment that could run
// code in a reader's browser: an element that runs or loads something
// (script, style, iframe, object, embed, form, ...), in any namespace; an
// event handler attribute (on*); srcdoc; a style attribute with url(),
// expression() or a backslash escape; or a URL attribute whose value, read
// as a browser reads it, is a javascript:, vbscript: or data: URL (data:
// allowed only as an img src of a base64 PNG, JPEG, GIF or WebP). It
// returns nil for inert HTML.
//
// Check parses the fragment with golang.org/x/net/html, the HTML5 tree
// builder, so tags split or nested to fool a tokenizer are seen as a
// browser sees them. It shares no code with the policy: tests and fuzz
// targets use it to check the sanitiser's output. It is meant for the HTML
// of a markdown cell, not a whole page, whose head carries the page's own
// scripts.
func Check(fragment []byte) error {
	doc, err := html.Parse(bytes.NewReader(fragment))
	if err != nil {
		return fmt.Errorf("safehtml: parse: %w", err)
	}
	return checkNode(doc)
}

func checkNode(n *html.Node) error {
	if n.Type == html.ElementNode {
		name := strings.ToLower(n.Data)
		if activeElements[name] {
			return fmt.Errorf("safehtml: <%s> element", name)
		}
		for _, a := range n.Attr {
			key := strings.ToLower(a.Key)
			if a.Namespace != "" {
				key = strings.ToLower(a.Namespace) + ":" + key
			}
			switch {
			case strings.HasPrefix(key, "on"):
				return fmt.Errorf("safehtml: event handler %s on <%s>", key, name)
			case key == "srcdoc":
				return fmt.Errorf("safehtml: srcdoc on <%s>", name)
			case key == "style":
				s := strings.ToLower(a.Val)
				if strings.Contains(s, "url(") || strings.Contains(s, "expression") || strings.Contains(s, `\`) || strings.Contains(s, "javascript:") {
					return fmt.Errorf("safehtml: active style %q on <%s>", a.Val, name)
				}
			case urlAttributes[key] || strings.HasSuffix(key, ":href"):
				if bad := activeURL(a.Val, name == "img" && key == "src"); bad != "" {
					return fmt.Errorf("safehtml: %s URL in %s of <%s>: %q", bad, key, name, a.Val)
				}
			}
		}
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if err := checkNode(c); err != nil {
			return err
		}
	}
	return nil
}

// activeURL returns the scheme that makes u active ("javascript", "vbscript",
// "data"), or "" if it is inert. imgSrc allows base64 raster data: URLs.
func activeURL(u string, imgSrc bool) string {
	// The URL standard's clean-up: leading and trailing C0 controls and
	// spaces stripped, tabs and newlines removed anywhere.
	u = strings.TrimFunc(u, func(r rune) bool { return r <= ' ' })
	u = strings.ToLower(strings.NewReplacer("\t", "", "\n", "", "\r", "").Replace(u))
	for _, s := range []string{"javascript:", "vbscript:", "data:"} {
		if !strings.HasPrefix(u, s) {
			continue
		}
		if s == "data:" && imgSrc && rasterPrefix(u) {
			return ""
		}
		return strings.TrimSuffix(s, ":")
	}
	return ""
}

func rasterPrefix(u string) bool {
	for _, t := range []string{"png", "jpeg", "gif", "webp"} {
		if strings.HasPrefix(u, "data:image/"+t+";base64,") {
			return true
		}
	}
	return false
}
