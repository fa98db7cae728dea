package prof

import (
	"context"
	"testing"

	"github.com/enrich-dev/enrich/pipeline"
	"github.com/enrich-dev/enrich/state"
)

func TestExportProfile(t *testing.T) {
	j, err := state.Open("/tmp/enrich-bench-sheets-v1/journal-300k", state.Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer j.Close()
	res, err := pipeline.Export(context.Background(), j, pipeline.ExportConfig{Input: "/tmp/enrich-bench-sheets-v1/leads-300k-30k.csv", Output: "/tmp/prof/out.csv"})
	if err != nil {
		t.Fatal(err)
	}
	t.Log(res)
}
