package safehtml

import "testing"

func TestCheck(t *testing.T) {
	active := []string{
		`<script>alert(1)</script>`,
		`<p>x<SCRIPT SRC=//evil/x.js></SCRIPT></p>`,
		`<svg><script>alert(1)</script></svg>`,
		`<img src=x onerror=alert(1)>`,
		`<div OnClick="x">d</div>`,
		`<svg onload=alert(1)>`,
		`<a href="javascript:alert(1)">a</a>`,
		`<a href=" JaVaScRiPt:alert(1)">a</a>`,
		`<a href="jav&#x09;ascript:alert(1)">a</a>`,
		`<a href="&#x01;javascript:alert(1)">a</a>`,
		`<a href="vbscript:msgbox(1)">a</a>`,
		`<a href="data:text/html,x">a</a>`,
		`<a href="data:image/png;base64,AAAA">a</a>`,
		`<img src="data:image/svg+xml;base64,PHN2Zz4=">`,
		`<svg><a xlink:href="javascript:alert(1)">x</a></svg>`,
		`<iframe src="https://x"></iframe>`,
		`<iframe srcdoc="x"></iframe>`,
		`<object data="x"></object>`,
		`<embed src="x">`,
		`<form><button formaction="javascript:alert(1)">b</button></form>`,
		`<style>*{}</style>`,
		`<div style="width: expression(alert(1))">d</div>`,
		`<div style="background: url(javascript:alert(1))">d</div>`,
		`<meta http-equiv="refresh" content="0">`,
		`<base href="https://evil/">`,
		`<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>`,
		`<<script>script>alert(1)<</script>/script>`,
	}
	for _, s := range active {
		if err := Check([]byte(s)); err == nil {
			t.Errorf("Check(%q) = nil, want an error", s)
		}
	}
	inert := []string{
		``,
		`<p>javascript:alert(1) as text, &lt;script&gt;</p>`,
		`<a href="https://example.org" title="javascript:x">a</a>`,
		`<a href="jav%09ascript:alert(1)">relative path</a>`,
		`<a href="">blanked</a>`,
		`<img src="data:image/png;base64,iVBORw0KGgo=" alt="">`,
		`<span class="math inline">x_1</span>`,
		`<input checked="" disabled="" type="checkbox">`,
		`<div style="color: red; text-align: center">c</div>`,
		`<details open><summary>s</summary>t</details>`,
		// A browser reads one element named "scr<script": the attack is on
		// filters that strip "<script>" once and leave "<script>" behind.
		`<scr<script>ipt>alert(1)</script>`,
	}
	for _, s := range inert {
		if err := Check([]byte(s)); err != nil {
			t.Errorf("Check(%q) = %v, want nil", s, err)
		}
	}
}
