package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/sigprop/sigprop/reports/publish"
)

// writeProfile prints, for each notebook of m named in names (those of
// this run), where its run time went (publish.NotebookTiming), in
// seconds:
//
//	wall     the notebook's whole run (NotebookEntry.DurationS)
//	start    starting gonb and wiring it to the module
//	compile  gonb's goimports, go get and go build of every cell
//	go build the go builds alone (part of compile)
//	cells    the cells' own work (each cell's wall time less its compilation)
//	other    the rest: the executor between cells, the kernel's shutdown
//	CPU      the kernel's process tree (gonb, go build with its compiler
//	         and linker, the cells' programs) over start and cells
//
// and the cell with the most own work, named by its anchor on the
// notebook's page (#cell-N, N the 0-based index in the executed notebook,
// which under -p holds the parameter cell sigprop adds). A cached
// notebook's times are those of the run that stored it; a notebook that
// ran no kernel has none.
func writeProfile(w io.Writer, m *publish.Manifest, names map[string]bool) {
	width := len("notebook")
	for _, n := range m.Notebooks {
		if names[n.Name] {
			width = max(width, len(n.Name))
		}
	}
	row := func(name string, cols ...string) {
		line := fmt.Sprintf("%-*s", width, name)
		for i, c := range cols {
			if i < 7 {
				line += fmt.Sprintf(" %8s", c)
			} else {
				line += "  " + c
			}
		}
		fmt.Fprintln(w, strings.TrimRight(line, " "))
	}
	num := func(v float64) string { return fmt.Sprintf("%.2f", v) }
	row("notebook", "wall", "start", "compile", "go build", "cells", "other", "CPU", "heaviest cell")
	var sum [7]float64
	cpuAll := true
	for _, n := range m.Notebooks {
		if !names[n.Name] {
			continue
		}
		sum[0] += n.DurationS
		t := n.Timing
		if t == nil {
			row(n.Name, num(n.DurationS), "", "", "", "", "", "", "no kernel ran")
			continue
		}
		other := n.DurationS - t.KernelStartS - t.CompileS - t.CellsS
		cpu := "?"
		if t.CPUS != nil {
			cpu = num(*t.CPUS)
			sum[6] += *t.CPUS
		} else {
			cpuAll = false
		}
		heavy, cell := -1.0, 0
		for _, c := range t.Cells {
			if own := c.WallS - c.CompileS; own > heavy {
				heavy, cell = own, c.Cell
			}
		}
		h := ""
		if heavy >= 0 {
			h = fmt.Sprintf("#cell-%d: %.2f", cell, heavy)
		}
		if n.Cached {
			h += " (cached)"
		}
		row(n.Name, num(n.DurationS), num(t.KernelStartS), num(t.CompileS), num(t.GoBuildS), num(t.CellsS), num(other), cpu, h)
		for i, v := range []float64{t.KernelStartS, t.CompileS, t.GoBuildS, t.CellsS, other} {
			sum[1+i] += v
		}
	}
	cpu := num(sum[6])
	if !cpuAll {
		cpu = "?"
	}
	row("total", num(sum[0]), num(sum[1]), num(sum[2]), num(sum[3]), num(sum[4]), num(sum[5]), cpu)
	fmt.Fprintln(w, "seconds; wall = start + compile + cells + other; compile = gonb's goimports, go get and go build (go build alone beside it);")
	fmt.Fprintln(w, "cells = the cells' own work; CPU = the kernel's process tree (gonb, go build, the cells' programs), ? where not measured;")
	fmt.Fprintln(w, "heaviest cell = the cell with the most own work, by its anchor on the notebook's page (NOTEBOOK.html#cell-N);")
	fmt.Fprintln(w, "notebooks run in parallel (--jobs), so the walls add up to more than the report took; a cached notebook's times are those of the run that stored it")
}
