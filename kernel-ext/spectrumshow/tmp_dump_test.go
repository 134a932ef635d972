package spectrumshow

import (
	"fmt"
	"os"
	"reflect"
	"sort"
	"strconv"
	"strings"

	"github.com/sigprop/sigprop/kernel-ext/show"
)

// TEMPORARY (issue 38 item 3): the same file in the old tree (HEAD before
// the move) and the new; dumpView writes every field of every item of a
// view (unexported too), floats exactly (NaN as NaN), maps by sorted key,
// and for a check its metric (value, pass, outcome, error) and its
// disagreement's computed timing.
func dumpView(v show.View) string {
	var b strings.Builder
	for i, it := range v {
		dumpValue(&b, fmt.Sprintf("item[%d]", i), reflect.ValueOf(it))
		if a, ok := it.Agreement(); ok {
			m, err := a.Metric()
			dumpValue(&b, fmt.Sprintf("item[%d].metric", i), reflect.ValueOf(m))
			fmt.Fprintf(&b, "item[%d].metric.err = %v\n", i, err)
			fmt.Fprintf(&b, "item[%d].metric.outcome = %v\n", i, m.Outcome())
			if m.Disagreement != nil {
				fmt.Fprintf(&b, "item[%d].metric.timing = %v\n", i, m.Disagreement.Declared.Timing())
			}
		}
	}
	return b.String()
}

func dumpValue(b *strings.Builder, path string, v reflect.Value) {
	if !v.IsValid() {
		fmt.Fprintf(b, "%s = <invalid>\n", path)
		return
	}
	switch v.Kind() {
	case reflect.Float32, reflect.Float64:
		fmt.Fprintf(b, "%s = %s\n", path, strconv.FormatFloat(v.Float(), 'g', -1, 64))
	case reflect.Bool:
		fmt.Fprintf(b, "%s = %v\n", path, v.Bool())
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		fmt.Fprintf(b, "%s = %d\n", path, v.Int())
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		fmt.Fprintf(b, "%s = %d\n", path, v.Uint())
	case reflect.String:
		fmt.Fprintf(b, "%s = %q\n", path, v.String())
	case reflect.Complex64, reflect.Complex128:
		fmt.Fprintf(b, "%s = %v\n", path, v.Complex())
	case reflect.Pointer, reflect.Interface:
		if v.IsNil() {
			fmt.Fprintf(b, "%s = nil\n", path)
			return
		}
		dumpValue(b, path+"*", v.Elem())
	case reflect.Slice, reflect.Array:
		if v.Kind() == reflect.Slice && v.IsNil() {
			fmt.Fprintf(b, "%s = nil-slice\n", path)
			return
		}
		fmt.Fprintf(b, "%s.len = %d\n", path, v.Len())
		for i := 0; i < v.Len(); i++ {
			dumpValue(b, fmt.Sprintf("%s[%d]", path, i), v.Index(i))
		}
	case reflect.Map:
		if v.IsNil() {
			fmt.Fprintf(b, "%s = nil-map\n", path)
			return
		}
		keys := v.MapKeys()
		sort.Slice(keys, func(i, j int) bool { return fmt.Sprint(keys[i]) < fmt.Sprint(keys[j]) })
		fmt.Fprintf(b, "%s.len = %d\n", path, v.Len())
		for _, k := range keys {
			dumpValue(b, fmt.Sprintf("%s[%v]", path, k), v.MapIndex(k))
		}
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			dumpValue(b, path+"."+v.Type().Field(i).Name, v.Field(i))
		}
	case reflect.Func:
		fmt.Fprintf(b, "%s = func(nil=%v)\n", path, v.IsNil())
	default:
		panic("dumpValue: kind " + v.Kind().String())
	}
}

// dumpDir holds the old tree's dumps, one file per case.
const dumpDir = "/tmp/h6-dumps"

func writeDump(name string, v show.View) error {
	return os.WriteFile(dumpDir+"/"+name+".txt", []byte(dumpView(v)), 0o644)
}
