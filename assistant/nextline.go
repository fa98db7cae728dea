package assistant

import (
	"reflect"
	"strconv"
	"strings"

	"github.com/enrich-dev/enrich/internal/shell"
)

// commandLine is the `enrich run` that continues a job started with in:
// the tool's arguments are the command's flags (TestMCPArgumentsAreFlags
// holds them so), so the line carries every one the job was given, its
// journal and its --max-credits among them. It is what the report and the
// status say to run next, and it works as printed from any folder: the
// files are named by their full paths.
func (in runInput) commandLine(input, output, journal string) string {
	words := []string{"enrich", "run", input, "-o", output, "--journal", journal}
	return shell.Line(append(words, flagWords(reflect.ValueOf(in))...)...)
}

// toolOnly are the run tool's arguments that are no flag of enrich run,
// or that commandLine gives apart.
var toolOnly = map[string]bool{"input": true, "output": true, "journal": true, "wait_seconds": true}

// flagWords returns the flags that the arguments set in v (a tool's
// input struct) stand for, in the order of its fields: --name VALUE, a
// flag repeated for each value of a list, --name alone for true.
func flagWords(v reflect.Value) []string {
	var words []string
	for i := range v.NumField() {
		f, field := v.Type().Field(i), v.Field(i)
		if f.Anonymous {
			words = append(words, flagWords(field)...)
			continue
		}
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "" || name == "-" || toolOnly[name] || field.IsZero() {
			continue
		}
		flag := "--" + strings.ReplaceAll(name, "_", "-")
		switch field.Kind() {
		case reflect.Bool:
			words = append(words, flag)
		case reflect.String:
			words = append(words, flag, field.String())
		case reflect.Int, reflect.Int64:
			words = append(words, flag, strconv.FormatInt(field.Int(), 10))
		case reflect.Slice:
			for j := range field.Len() {
				words = append(words, flag, field.Index(j).String())
			}
		default:
			panic("assistant: run argument " + name + " of a kind with no flag form: " + field.Kind().String())
		}
	}
	return words
}
