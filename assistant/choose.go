package assistant

import (
	"context"
	"errors"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/enrich-dev/enrich/export"
)

type chooseInput struct {
	Output string `json:"output" jsonschema:"the enriched sheet a run wrote, whose candidates sheet (OUTPUT.candidates.csv) is marked; or that candidates sheet itself"`
	Row    int    `json:"row" jsonschema:"the row to choose for, as the candidates sheet's row column gives it"`
	UID    string `json:"uid" jsonschema:"the candidate_uid of the person chosen, one of the row's candidates"`
}

// chooseOutput is the candidate marked, and what comes next.
type chooseOutput struct {
	export.Chosen
	Next string `json:"next"`
}

func (s *Server) addChooseTool() {
	addTool(s, &mcp.Tool{
		Name:  "choose",
		Title: "Choose among candidates",
		Description: "Choose the person of a row found only by name that ended ambiguous: marks candidate uid of the row in the candidates sheet beside the output (OUTPUT.candidates.csv, which lists each ambiguous row's candidates with their uid, name, title, company and location, and why the row is ambiguous), clearing the row's other mark. Free and offline. " +
			"The next run of the same sheet and output keeps the choice in the journal and looks the person up by uid (one credit, no search); read the candidates sheet first to pick the uid. A row or uid the sheet does not hold is refused.",
		Annotations: &mcp.ToolAnnotations{DestructiveHint: new(false), IdempotentHint: true, OpenWorldHint: new(false)},
	}, s.choose)
}

func (s *Server) choose(_ context.Context, _ *mcp.CallToolRequest, in chooseInput) (any, error) {
	output, err := s.confine(in.Output)
	if err != nil {
		return nil, err
	}
	// The candidates sheet is confined too: it may be a link out of the
	// roots, beside an output that is not.
	sheet, err := s.confine(export.SheetOf(output))
	if err != nil {
		return nil, err
	}
	if in.Row < 1 || in.UID == "" {
		return nil, errors.New("row (the row's number, as the candidates sheet gives it) and uid (the candidate_uid chosen) are required")
	}
	files := s.openFiles()
	defer files.Close()
	name, err := s.openPlace(files, sheet, false)
	if err != nil {
		return nil, err
	}
	chosen, err := export.Choose(name, in.Row, in.UID)
	if err != nil {
		return nil, files.explain(err)
	}
	chosen.Sheet = sheet
	return chooseOutput{Chosen: chosen, Next: fmt.Sprintf("run the same sheet with output %s again (the run tool): it keeps the choice in the journal and looks the person up (one credit)", output)}, nil
}
