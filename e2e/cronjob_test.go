package e2e

import (
	"os"
	"path"
	"slices"
	"strconv"
	"strings"
	"testing"

	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/yaml"
)

// manifests is the folder of the Kubernetes manifests.
const manifests = "../deploy/kubernetes/"

// TestCronJob decodes the manifests strictly into Kubernetes' API types (a
// field the type does not know fails here, where the cluster would drop a
// misspelt one without a word) and holds the CronJob to what a nightly run
// needs: one run at a time, no restart in place, the key as a file of the
// Secret, the journal on the claim, the budget's Redis from the Secret,
// and the exit codes handled as docs/cron.md's table says
// (checkFailurePolicy).
func TestCronJob(t *testing.T) {
	t.Parallel()
	var (
		cron   batchv1.CronJob
		claim  corev1.PersistentVolumeClaim
		secret corev1.Secret
		svc    corev1.Service
	)
	decodeStrict(t, "cronjob.yaml", &cron, &cron.TypeMeta, "batch/v1", "CronJob")
	decodeStrict(t, "pvc.yaml", &claim, &claim.TypeMeta, "v1", "PersistentVolumeClaim")
	decodeStrict(t, "secret-example.yaml", &secret, &secret.TypeMeta, "v1", "Secret")
	decodeStrict(t, "service.yaml", &svc, &svc.TypeMeta, "v1", "Service")

	if cron.Spec.ConcurrencyPolicy != batchv1.ForbidConcurrent {
		t.Errorf("concurrencyPolicy %q, want Forbid: a second run at once only finds the journal held (exit 4)", cron.Spec.ConcurrencyPolicy)
	}
	job := cron.Spec.JobTemplate.Spec
	pod := job.Template.Spec
	if pod.RestartPolicy != corev1.RestartPolicyNever {
		t.Errorf("restartPolicy %q, want Never: a podFailurePolicy needs it, and a failed run is the Job's to judge", pod.RestartPolicy)
	}
	c := enrichContainer(t, pod)
	checkRunArgs(t, c.Args)
	checkKeyFile(t, pod, c, secret)
	checkData(t, pod, c, claim)
	checkSecurity(t, pod, c)
	if ref := envSource(c, "ENRICH_BUDGET_URL"); ref == nil || ref.SecretKeyRef == nil ||
		ref.SecretKeyRef.Name != secret.Name || secret.StringData[ref.SecretKeyRef.Key] == "" {
		t.Errorf("ENRICH_BUDGET_URL must come from a key of the Secret %s, got %+v", secret.Name, ref)
	}
	checkCallbacks(t, job.Template.Labels, c, svc)
	checkFailurePolicy(t, job, c.Name)
}

// decodeStrict reads a manifest into v, failing on a field its type does
// not have or one given twice, and checks its apiVersion and kind.
func decodeStrict(t *testing.T, name string, v any, meta *metav1.TypeMeta, apiVersion, kind string) {
	t.Helper()
	b, err := os.ReadFile(manifests + name)
	if err != nil {
		t.Fatal(err)
	}
	if err := yaml.UnmarshalStrict(b, v); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	if meta.APIVersion != apiVersion || meta.Kind != kind {
		t.Fatalf("%s is %s %s, want %s %s", name, meta.APIVersion, meta.Kind, apiVersion, kind)
	}
}

// enrichContainer is the pod's one container, which runs the image.
func enrichContainer(t *testing.T, pod corev1.PodSpec) corev1.Container {
	t.Helper()
	if len(pod.Containers) != 1 || len(pod.InitContainers) != 0 {
		t.Fatalf("the pod has %d containers and %d init containers, want the one that runs enrich", len(pod.Containers), len(pod.InitContainers))
	}
	c := pod.Containers[0]
	if !strings.Contains(c.Image, "enrich:") || len(c.Command) != 0 {
		t.Errorf("container %s runs %s %q, want the image's entrypoint (enrich) with args", c.Name, c.Image, c.Command)
	}
	return c
}

// checkRunArgs checks the nightly run's command line: a sheet and a
// journal in /data, a bound on credits and on time, JSON logs.
func checkRunArgs(t *testing.T, args []string) {
	t.Helper()
	if len(args) < 2 || args[0] != "run" || !strings.HasPrefix(args[1], "/data/") {
		t.Fatalf("args %q, want run on a sheet in /data", args)
	}
	for flag, want := range map[string]func(string) bool{
		"--journal":      func(v string) bool { return v == "/data/enrich.journal" },
		"--max-credits":  func(v string) bool { return v != "" && v != "0" },
		"--max-duration": func(v string) bool { return v != "" && v != "0" },
		"--log-format":   func(v string) bool { return v == "json" },
		"-o":             func(v string) bool { return strings.HasPrefix(v, "/data/") },
	} {
		i := slices.Index(args, flag)
		if i < 0 || i+1 >= len(args) || !want(args[i+1]) {
			t.Errorf("args %q: %s is missing or wrong", args, flag)
		}
	}
}

// checkKeyFile checks that the key is a file of the Secret, readable by
// its owner alone, where ENRICH_API_KEY_FILE names it.
func checkKeyFile(t *testing.T, pod corev1.PodSpec, c corev1.Container, secret corev1.Secret) {
	t.Helper()
	const file = "/var/run/secrets/enrich/key"
	if v := envValue(c, "ENRICH_API_KEY_FILE"); v != file {
		t.Errorf("ENRICH_API_KEY_FILE = %q, want %s", v, file)
	}
	if envValue(c, "ENRICH_API_KEY") != "" || envSource(c, "ENRICH_API_KEY") != nil {
		t.Error("ENRICH_API_KEY is set: the key is a file, and setting both is refused (exit 2)")
	}
	m, vol := mountOf(t, pod, c, path.Dir(file))
	if vol.Secret == nil || vol.Secret.SecretName != secret.Name || !m.ReadOnly {
		t.Fatalf("%s must be the Secret %s, read-only: %+v", path.Dir(file), secret.Name, vol)
	}
	for _, item := range vol.Secret.Items {
		if item.Path != path.Base(file) {
			continue
		}
		mode := item.Mode
		if mode == nil {
			mode = vol.Secret.DefaultMode
		}
		switch {
		case mode == nil:
			t.Error("the key file has no mode: Kubernetes' default is 0644, want 0400")
		case *mode != 0o400:
			t.Errorf("the key file's mode is %#o, want 0400", *mode)
		}
		if secret.StringData[item.Key] == "" {
			t.Errorf("the key file is the Secret's %q, which secret-example.yaml does not hold", item.Key)
		}
		return
	}
	t.Errorf("the Secret's volume puts no file at %s", file)
}

// checkData checks that /data, the journal's folder, is the claim.
func checkData(t *testing.T, pod corev1.PodSpec, c corev1.Container, claim corev1.PersistentVolumeClaim) {
	t.Helper()
	m, vol := mountOf(t, pod, c, "/data")
	if vol.PersistentVolumeClaim == nil || vol.PersistentVolumeClaim.ClaimName != claim.Name || m.ReadOnly || m.SubPath != "" {
		t.Errorf("/data must be the claim %s, writable: %+v", claim.Name, vol)
	}
	if _, ok := claim.Spec.Resources.Requests[corev1.ResourceStorage]; !ok {
		t.Errorf("the claim %s asks for no storage", claim.Name)
	}
	if v := envValue(c, "ENRICH_STATE_DIR"); !strings.HasPrefix(v, "/data/") {
		t.Errorf("ENRICH_STATE_DIR = %q, want a folder in /data (the root is read-only)", v)
	}
}

// checkSecurity checks that the pod runs as the image's user, owns the
// claim's files through its group, and writes nothing outside its volumes.
func checkSecurity(t *testing.T, pod corev1.PodSpec, c corev1.Container) {
	t.Helper()
	sc := pod.SecurityContext
	if sc == nil || sc.RunAsUser == nil || *sc.RunAsUser != 65532 || sc.FSGroup == nil || *sc.FSGroup != 65532 || sc.RunAsNonRoot == nil || !*sc.RunAsNonRoot {
		t.Errorf("the pod must run as 65532 (the image's enrich), non-root, with fsGroup 65532: %+v", sc)
	}
	if c.SecurityContext == nil || c.SecurityContext.ReadOnlyRootFilesystem == nil || !*c.SecurityContext.ReadOnlyRootFilesystem {
		t.Error("the container's root is writable; it should be read-only, with /data and /tmp mounted")
	}
	if _, vol := mountOf(t, pod, c, "/tmp"); vol.EmptyDir == nil {
		t.Errorf("/tmp must be an emptyDir: %+v", vol)
	}
}

// checkCallbacks checks that the Service reaches the pod's receiver.
func checkCallbacks(t *testing.T, labels map[string]string, c corev1.Container, svc corev1.Service) {
	t.Helper()
	for k, v := range svc.Spec.Selector {
		if labels[k] != v {
			t.Errorf("the Service selects %s=%s, which the Job's pods are not labelled", k, v)
		}
	}
	i := slices.Index(c.Args, "--listen")
	if i < 0 || i+1 >= len(c.Args) {
		t.Fatalf("args %q: no --listen for the callbacks", c.Args)
	}
	for _, p := range svc.Spec.Ports {
		for _, cp := range c.Ports {
			if p.TargetPort.String() == cp.Name && strings.HasSuffix(c.Args[i+1], ":"+strconv.Itoa(int(cp.ContainerPort))) {
				return
			}
		}
	}
	t.Errorf("no port of the Service reaches --listen %s", c.Args[i+1])
}

// mountOf is the container's mount at dir and the pod's volume it mounts.
func mountOf(t *testing.T, pod corev1.PodSpec, c corev1.Container, dir string) (corev1.VolumeMount, corev1.Volume) {
	t.Helper()
	for _, m := range c.VolumeMounts {
		if m.MountPath != dir {
			continue
		}
		for _, v := range pod.Volumes {
			if v.Name == m.Name {
				return m, v
			}
		}
		t.Fatalf("the mount at %s names a volume %s the pod does not have", dir, m.Name)
	}
	t.Fatalf("nothing is mounted at %s", dir)
	return corev1.VolumeMount{}, corev1.Volume{}
}

// envValue is the value the container's variable is given, or "".
func envValue(c corev1.Container, name string) string {
	for _, e := range c.Env {
		if e.Name == name {
			return e.Value
		}
	}
	return ""
}

// envSource is where the container's variable is taken from, or nil.
func envSource(c corev1.Container, name string) *corev1.EnvVarSource {
	for _, e := range c.Env {
		if e.Name == name {
			return e.ValueFrom
		}
	}
	return nil
}
