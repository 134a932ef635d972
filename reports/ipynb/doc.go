// Package ipynb reads and writes Jupyter notebooks in nbformat 4, the file
// format of sigprop's notebooks/ directory.
//
// Load validates what the report generator relies on (valid JSON, nbformat 4,
// a sigprop or gonb kernelspec) and names the file in every error. Outputs
// are kept as raw nbformat output objects so that nothing a kernel produced
// is lost on the way from the executor to the renderer.
//
// Messages name a cell as its author numbers it (Notebook.CellLabel:
// "cell N", 1-based, not counting the cell a `sigprop report -p` run adds,
// tagged InjectedTag); a notebook's page anchors every cell of the run as
// #cell-i, from 0.
package ipynb
