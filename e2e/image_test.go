package e2e

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// imageVersion is the version the test stamps its image with, to find it
// in `enrich --version` and in the image's label.
const imageVersion = "e2e-image"

// TestImage builds the image as `make image` does, in a podman store of
// its own, and runs it as a user would: `enrich --version`, then the demo
// against the emulator it starts inside, with no network but loopback,
// writing its files in /data as the image's user.
func TestImage(t *testing.T) {
	t.Parallel()
	podman := podmanOrSkip(t)
	// The bound says when to give up, not how fast a machine must be: the
	// static binary is a build of its own (no -race, no cgo), which takes
	// two minutes on two idle cores with an empty cache, 15 s with a warm one.
	ctx, cancel := context.WithTimeout(context.Background(), 8*time.Minute)
	defer cancel()

	// The store, apart from the machine's: the test's tags meet no image
	// of the user's, and nothing is left behind. vfs mounts nothing, so
	// the folder is removed whatever became of the test.
	store := t.TempDir()
	global := []string{"--storage-driver", "vfs", "--root", filepath.Join(store, "root"),
		"--runroot", filepath.Join(store, "run"), "--tmpdir", filepath.Join(store, "tmp")}
	pod := func(args ...string) *exec.Cmd {
		return exec.CommandContext(ctx, podman, append(slices.Clone(global), args...)...)
	}
	t.Cleanup(func() { pod("rmi", "--all", "--force").Run() })

	start := time.Now()
	build := exec.CommandContext(ctx, "make", "-C", "..", "--no-print-directory", "image",
		"PODMAN="+strings.Join(append([]string{podman}, global...), " "),
		"IMAGE_CONTEXT="+filepath.Join(store, "context"), "VERSION="+imageVersion)
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("make image: %v\n%s", err, tail(string(out), 40))
	}
	t.Logf("make image took %s", time.Since(start).Round(time.Second))

	checkImageConfig(t, pod)
	run := append([]string{"run", "--rm", "--network", "none"}, podmanRunFlags(t)...)
	if out, err := pod(append(run, "enrich:latest", "--version")...).CombinedOutput(); err != nil || !strings.Contains(string(out), "enrich "+imageVersion) {
		t.Fatalf("enrich --version in the image (%v): %s, want the version %s", err, out, imageVersion)
	}

	start = time.Now()
	demo := pod(append(run, "enrich:latest", "demo")...)
	var out bytes.Buffer
	demo.Stdout, demo.Stderr = &out, &out
	err := demo.Run()
	t.Logf("the demo in the image took %s", time.Since(start).Round(time.Second))
	if err != nil {
		t.Fatalf("enrich demo in the image: %v\n%s", err, tail(out.String(), 40))
	}
	for _, want := range []string{"leads-enriched.xlsx: complete", "rows checked against the emulator's world"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("enrich demo in the image never said %q:\n%s", want, tail(out.String(), 40))
		}
	}
	checkImageFiles(t, pod)
}

// podmanOrSkip is podman's path. Without podman the test fails, naming the
// make target that installs it, where apt-get could; it is skipped only
// where nothing can install it.
func podmanOrSkip(t *testing.T) string {
	t.Helper()
	podman, err := exec.LookPath("podman")
	if err != nil {
		if _, err := exec.LookPath("apt-get"); err != nil {
			t.Skip("no podman here, and no apt-get to install it: the image cannot be built on this machine")
		}
		t.Fatal("podman is not installed; the image is built and run with it: make podman (apt-get install -y podman runc)")
	}
	if _, err := exec.LookPath("runc"); err != nil {
		t.Fatal("runc is not installed; the image runs with it (see PODMAN_RUN in the Makefile): make podman (apt-get install -y runc)")
	}
	return podman
}

// podmanRunFlags are the Makefile's PODMAN_RUN, which says why each is
// needed: one place for both.
func podmanRunFlags(t *testing.T) []string {
	t.Helper()
	out, err := exec.Command("make", "-C", "..", "-s", "--no-print-directory",
		"--eval", "print-podman-run: ; @echo $(PODMAN_RUN)", "print-podman-run").Output()
	if err != nil {
		t.Fatalf("read PODMAN_RUN from the Makefile: %v", err)
	}
	flags := strings.Fields(string(out))
	if len(flags) == 0 {
		t.Fatal("the Makefile's PODMAN_RUN is empty")
	}
	return flags
}

// checkImageConfig checks what the image says of itself: both tags, its
// user, entrypoint, folder, volume and labels.
func checkImageConfig(t *testing.T, pod func(...string) *exec.Cmd) {
	t.Helper()
	out, err := pod("image", "inspect", "enrich:"+imageVersion, "enrich:latest").Output()
	if err != nil {
		t.Fatalf("podman image inspect: %v", err)
	}
	var images []struct {
		ID     string `json:"Id"`
		Config struct {
			User       string
			Entrypoint []string
			WorkingDir string
			Volumes    map[string]struct{}
			Labels     map[string]string
		}
	}
	if err := json.Unmarshal(out, &images); err != nil || len(images) != 2 {
		t.Fatalf("podman image inspect: %v, %d images:\n%s", err, len(images), out)
	}
	if images[0].ID != images[1].ID {
		t.Errorf("enrich:%s is %s and enrich:latest %s: latest must tag the image just built", imageVersion, images[0].ID, images[1].ID)
	}
	c := images[0].Config
	if c.User != "65532:65532" {
		t.Errorf("the image runs as %q, want 65532:65532 (a number, for runAsNonRoot)", c.User)
	}
	if !slices.Equal(c.Entrypoint, []string{"enrich"}) || c.WorkingDir != "/data" {
		t.Errorf("entrypoint %q in %q, want [enrich] in /data", c.Entrypoint, c.WorkingDir)
	}
	if _, ok := c.Volumes["/data"]; !ok {
		t.Errorf("volumes %v, want /data", c.Volumes)
	}
	for k, want := range map[string]string{"org.opencontainers.image.version": imageVersion,
		"org.opencontainers.image.title": "enrich", "org.opencontainers.image.source": "https://github.com/enrich-dev/enrich"} {
		if c.Labels[k] != want {
			t.Errorf("label %s = %q, want %q", k, c.Labels[k], want)
		}
	}
}

// checkImageFiles copies the system files out of the image: the CA
// certificates are this machine's, and the user is in passwd and group.
func checkImageFiles(t *testing.T, pod func(...string) *exec.Cmd) {
	t.Helper()
	if out, err := pod("create", "--name", "enrich-files", "enrich:latest").CombinedOutput(); err != nil {
		t.Fatalf("podman create: %v\n%s", err, out)
	}
	defer pod("rm", "--force", "enrich-files").Run()
	dir := t.TempDir()
	for _, f := range []string{"/etc/ssl/certs/ca-certificates.crt", "/etc/passwd", "/etc/group"} {
		if out, err := pod("cp", "enrich-files:"+f, filepath.Join(dir, filepath.Base(f))).CombinedOutput(); err != nil {
			t.Fatalf("podman cp %s: %v\n%s", f, err, out)
		}
	}
	read := func(path string) string {
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	if read(filepath.Join(dir, "ca-certificates.crt")) != read("/etc/ssl/certs/ca-certificates.crt") {
		t.Error("the image's /etc/ssl/certs/ca-certificates.crt is not this machine's")
	}
	if !strings.Contains(read(filepath.Join(dir, "passwd")), "enrich:x:65532:65532:") || !strings.Contains(read(filepath.Join(dir, "group")), "enrich:x:65532:") {
		t.Error("the image's /etc/passwd or /etc/group has no user enrich 65532")
	}
}
