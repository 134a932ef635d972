// Package bundle defines the sigprop data bundle: the versioned JSON that
// travels beside every figure, table and metric in a notebook's display_data,
// so that the report generator can collect, hash and diff the numbers behind
// the pictures.
//
// The MIME type carries the schema version; a reader that sees another
// version must refuse it rather than guess.
//
// # Schema 1
//
// A bundle is one JSON object (Encode writes it canonically: fields in the
// order below, map keys sorted, no HTML escaping):
//
//	{"schema": 1, "kind": "figure"|"metric"|"table"|"value", "<kind>": {...}}
//
//	figure: id, caption, paper?: [ids], paper_note?, x_label?, y_label?,
//	        series: [{name, x: [..], y: [..], y_err?: [..]}],
//	        params?: {name: value}, seed?, heat?
//	heat:   {name, x: [nx], y: [ny], z: [nx·ny, row-major: z[j*nx+i] at (x[i], y[j])],
//	         z_label?}
//	metric: name, kind?, value, tolerance, rule?, pass, basis?, figure?, note?,
//	        disagreement?: {paper, measured, why}
//	table:  id?, paper?: [ids], caption?, header: [..], rows: [[..]]
//	value:  name, value, text   (a number published for the prose,
//	                             show.Glue; text is what the page shows)
//
// A field marked ? is omitted when empty. Every number of series, heat and
// metric data is a Float: NaN and ±Inf are written as null and read back as
// NaN.
//
// Additions that a schema-1 reader may ignore do not bump the version: heat
// was added to figures after the first schema-1 bundles were written; it is
// omitted when a figure has none, so earlier bundles decode unchanged and
// figures without a heatmap still encode (and hash) to the same bytes. The
// same holds for a metric's disagreement (a declared known disagreement,
// Metric.Outcome): a reader that ignores it sees the check fail. The
// value kind was added later still; a reader that does not know it
// refuses the bundle (unknown kind) rather than misread it. A figure's
// paper (ids of lib/papers) and paper_note replaced its free-text
// paper_figure ("Noci et al. 2022, Fig. 8 (right)"), and tables gained
// paper: a reader of either form ignores the other's field and sees a
// figure that claims nothing; reports/publish maps the paper_figure of an
// older manifest to ids where its text names one figure.
//
// A line of text (show.Text) has no bundle: it travels as a display_data
// with "text/plain" and StreamMIMEType, which the executor records as the
// stdout stream output it stands for.
package bundle
