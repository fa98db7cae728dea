package sinks

import (
	"bufio"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/enrich-dev/enrich/sources"
)

// TestCrashLeavesOldOutput kills a process with SIGKILL in the middle of
// writing an output: the file at the target path is still the old one,
// whole.
func TestCrashLeavesOldOutput(t *testing.T) {
	if os.Getenv("SINKS_CRASH_CHILD") != "" {
		crashChild(os.Getenv("SINKS_CRASH_CHILD"))
		return
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "out.csv")
	if err := os.WriteFile(path, []byte("complete old output\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestCrashLeavesOldOutput$")
	cmd.Env = append(os.Environ(), "SINKS_CRASH_CHILD="+path)
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	line, err := bufio.NewReader(stdout).ReadString('\n')
	if err != nil || !strings.HasPrefix(line, "writing") {
		t.Fatalf("child said %q, %v", line, err)
	}
	_ = cmd.Process.Signal(syscall.SIGKILL)
	_ = cmd.Wait()
	if got, _ := os.ReadFile(path); string(got) != "complete old output\n" {
		t.Errorf("after a crash mid-write the output reads %.40q…; want the old output", got)
	}
}

// crashChild writes to an output forever, saying so once data is out.
func crashChild(path string) {
	w, err := Create(path, sourcesLayout(), Options{})
	if err != nil {
		os.Exit(2)
	}
	row := sourcesRow()
	for i := 0; ; i++ {
		if err := w.Write(row, &Outcome{Status: StatusPending}); err != nil {
			os.Exit(2)
		}
		if i == 100000 {
			os.Stdout.WriteString("writing\n")
		}
	}
}

func sourcesLayout() sources.Layout {
	return sources.Layout{Format: sources.CSV, Header: []string{"Email"}, Names: []string{"Email"}, Delimiter: ','}
}

func sourcesRow() sources.Row { return sources.Row{Num: 2, Cells: []string{"a@example.com"}} }
