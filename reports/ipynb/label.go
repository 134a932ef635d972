package ipynb

import "fmt"

// InjectedTag marks a cell that a run added to the notebook rather than
// its author: the parameter values of `sigprop report -p`
// (reports/nbparams.Inject adds it right after the parameters cell).
const InjectedTag = "injected-parameters"

// HasTag reports whether c's metadata "tags" hold tag.
func (c Cell) HasTag(tag string) bool {
	tags, _ := c.Metadata["tags"].([]any)
	for _, t := range tags {
		if s, _ := t.(string); s == tag {
			return true
		}
	}
	return false
}

// CellLabel names cell i of nb for a reader: "cell N", N its 1-based
// position in the notebook as its author wrote it (the cells a run added,
// tagged InjectedTag, not counted), or "the -p parameters cell" for such
// an added cell. On the notebook's page the cell is at the anchor
// #cell-i, which counts every cell from 0.
func (nb *Notebook) CellLabel(i int) string {
	added := 0
	for j := 0; j < i && j < len(nb.Cells); j++ {
		if nb.Cells[j].HasTag(InjectedTag) {
			added++
		}
	}
	if i >= 0 && i < len(nb.Cells) && nb.Cells[i].HasTag(InjectedTag) {
		return "the -p parameters cell"
	}
	return fmt.Sprintf("cell %d", i-added+1)
}
