package leads

import (
	"encoding/csv"
	"fmt"
	"os"

	"github.com/xuri/excelize/v2"
)

// WriteCSV writes the sheet as a UTF-8 CSV file.
func WriteCSV(path string, leads []Lead) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	w := csv.NewWriter(f)
	w.Write(Header)
	for _, l := range leads {
		w.Write(l.Cells)
	}
	w.Flush()
	if err := w.Error(); err != nil {
		f.Close()
		return fmt.Errorf("write %s: %w", path, err)
	}
	return f.Close()
}

// WriteXLSX writes the sheet as an Excel workbook, with shared strings as
// Excel writes them.
func WriteXLSX(path string, leads []Lead) error {
	f := excelize.NewFile()
	defer f.Close()
	const sheet = "Leads"
	if err := f.SetSheetName("Sheet1", sheet); err != nil {
		return err
	}
	rows := append([][]string{Header}, make([][]string, len(leads))...)
	for i, l := range leads {
		rows[i+1] = l.Cells
	}
	for i, row := range rows {
		cells := make([]any, len(row))
		for j, c := range row {
			cells[j] = c
		}
		if err := f.SetSheetRow(sheet, fmt.Sprintf("A%d", i+1), &cells); err != nil {
			return err
		}
	}
	// excelize's SaveAs creates the file executable (0755): a sheet is
	// data, written with the usual mode.
	out, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o644)
	if err != nil {
		return err
	}
	if _, err := f.WriteTo(out); err != nil {
		out.Close()
		return fmt.Errorf("write %s: %w", path, err)
	}
	return out.Close()
}
