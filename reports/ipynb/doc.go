// Package ipynb reads and writes Jupyter notebooks in nbformat 4, the file
// format of sigprop's notebooks/ directory.
//
// Load validates what the report generator relies on (valid JSON, nbformat 4,
// a sigprop or gonb kernelspec) and names the file in every error. Outputs
// are kept as raw nbformat output objects so that nothing a kernel produced
// is lost on the way from the executor to the renderer.
package ipynb
