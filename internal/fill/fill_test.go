package fill

import (
	"strings"
	"testing"
)

// TestParse: --fill takes a rule for every field, rules of single fields,
// or both, in one flag or several; what is not one is refused saying
// what there is.
func TestParse(t *testing.T) {
	for _, tc := range []struct {
		rules   []string
		columns []string
		conf    string
		want    string // field rules, or the error's words
	}{
		{[]string{"blank"}, nil, "", "email=blank title=blank headline=blank"},
		{[]string{"title=overwrite"}, nil, "", "email=never title=overwrite headline=never"},
		{[]string{"blank", "title=overwrite,headline=never"}, nil, "", "email=blank title=overwrite headline=never"},
		{[]string{"Job-Title=blank"}, nil, "", "unknown field"},
		{[]string{"fill"}, nil, "", `"fill" is no rule`},
		{[]string{"blank", "overwrite"}, nil, "", "given twice"},
		{[]string{"title=blank", "title=overwrite"}, nil, "", "two rules"},
		{[]string{"blank"}, []string{"email"}, "", "FIELD=HEADER"},
		{[]string{"blank"}, nil, "low", "high (the default) or medium"},
		{nil, []string{"email=Work Email"}, "", "give --fill too"},
		{nil, nil, "medium", "give --fill too"},
		{[]string{"phone=never"}, nil, "medium", "email=never title=never headline=never"},
	} {
		r, err := Parse(tc.rules, tc.columns, tc.conf, "")
		var got string
		if err != nil {
			got = err.Error()
		} else {
			got = "email=" + string(r.Rule(Email)) + " title=" + string(r.Rule(Title)) + " headline=" + string(r.Rule(Headline))
		}
		if !strings.Contains(got, tc.want) {
			t.Errorf("Parse(%q, %q, %q) = %s; want %s", tc.rules, tc.columns, tc.conf, got, tc.want)
		}
	}
	if r, _ := Parse(nil, nil, "", ""); r.On() {
		t.Error("no --fill fills something")
	}
	if r, _ := Parse([]string{"never"}, nil, "", ""); r.On() {
		t.Error("--fill never fills something")
	}
}
