// Package texmath is a goldmark extension that keeps TeX math away from
// markdown processing and marks it up for KaTeX.
//
// Recognised forms (as Jupyter's markdown cells use them):
//
//	$x_1 * y$                      inline math (InlineMath)
//	$$\sum_i a_i$$                 display math inside a paragraph (InlineMath, Display)
//	$$ ... $$                      display block on its own line(s) (MathBlock)
//	\begin{align} ... \end{align}  display block; also align*, equation,
//	                               equation*, gather, gather*, multline,
//	                               multline*; the \begin/\end lines are kept
//	$$ ... $$ (label)              a labelled display block (MyST's syntax):
//	                               the label follows the closing $$ on its
//	                               line; it starts with a letter and holds
//	                               letters, digits and - _ . :
//
// Inline math follows pandoc's tex_math_dollars rules, so prices and shell
// variables stay text: the opening $ must be followed by a non-space, the
// closing $ must be preceded by a non-space and not followed by a digit, and
// \$ is a literal dollar (inside math too). Inline math may span lines of one
// paragraph. Everything between the delimiters is raw: underscores, asterisks
// and backslashes reach KaTeX untouched.
//
// Rendering (HTML-escaped TeX without the delimiters):
//
//	<span class="math inline">TeX</span>
//	<span class="math display">TeX</span>   ($$ inside a paragraph)
//	<div class="math display">TeX</div>     (block)
//	<div class="equation" id="eq-LABEL"><div class="math display">TeX</div><span class="eq-number">(N)</span></div>
//	                                        (labelled block; the number N
//	                                        is MathBlock.Number, set by
//	                                        whoever numbers the page's
//	                                        equations, e.g. package xref;
//	                                        without one no number is shown)
//
// A script in the page (reports/assets/sigprop.js) typesets every .math
// element with KaTeX. The anatomy follows goldmark's extension package: node
// kinds, an inline and a block parser, a renderer registering one function
// per kind, and Extend. Tests are spec-style case files in testdata.
//
//	Math                        the goldmark.Extender: goldmark.New(goldmark.WithExtensions(texmath.Math))
//	InlineMath, KindInlineMath  the inline node (Display for $$ inside a paragraph)
//	MathBlock, KindMathBlock    the block node, with its Label and the Number to show
//	HTMLRenderer                the renderer of both kinds
//	ParseLabel, ValidLabel      the "(label)" after a closing $$, and what a label may hold
//	EquationAnchor              the HTML id of a labelled equation, "eq-" + label
package texmath
