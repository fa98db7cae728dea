package leads

import (
	"errors"
	"fmt"
	"io"
	"slices"

	"github.com/enrich-dev/enrich/sources"
)

// Compare reads an enriched sheet and returns a line for every row whose
// status or uid differs from the sheet's expectations.
func Compare(output string, sheet []Lead) ([]string, error) {
	t, err := sources.Open(output, sources.Options{})
	if err != nil {
		return nil, err
	}
	defer t.Close()
	header := t.Layout().Header
	status, uid := slices.Index(header, "enrich_status"), slices.Index(header, "enrich_uid")
	if status < 0 || uid < 0 {
		return nil, fmt.Errorf("%s has no enrich_status or enrich_uid column", output)
	}
	var wrong []string
	for i := 0; ; i++ {
		row, err := t.Next()
		if errors.Is(err, io.EOF) {
			if i != len(sheet) {
				return nil, fmt.Errorf("%s has %d rows, the input %d", output, i, len(sheet))
			}
			return wrong, nil
		}
		if err != nil {
			return nil, err
		}
		if i >= len(sheet) {
			return nil, fmt.Errorf("%s has more rows than the input", output)
		}
		want := sheet[i]
		got := cell(row.Cells, status)
		if got != want.Status || (want.Status == "success" && cell(row.Cells, uid) != want.UID) {
			wrong = append(wrong, fmt.Sprintf("row %d %v: got %s %s, want %s %s", row.Num, want.Cells[3:7], got, cell(row.Cells, uid), want.Status, want.UID))
		}
	}
}

func cell(cells []string, i int) string {
	if i < len(cells) {
		return cells[i]
	}
	return ""
}
