package main

import (
	"errors"
	"strings"
	"testing"

	"github.com/spf13/pflag"
)

func TestShowArgs(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"run in.csv -o out.csv", "run in.csv -o out.csv"},
		{"run in.csv --api-url http://u:pw@h:1", "run in.csv --api-url http://u:xxxxx@h:1"},
		{"run in.csv --api-url=http://u:pw@h:1/?token=t", "run in.csv --api-url=http://u:xxxxx@h:1/?token=xxxxx"},
		{"run in.csv --api-url u:pw@h", "run in.csv --api-url u:xxxxx@h"}, // no scheme: still an address
		{"run --public-url https://u:pw@hooks.example.com/x?sig=s --sync", "run --public-url https://u:xxxxx@hooks.example.com/x?sig=xxxxx --sync"},
		{"run --journal u:pw@h", "run --journal u:pw@h"}, // not an address flag
		{"run http://u:pw@h/in.csv", "run http://u:xxxxx@h/in.csv"},
		{"run --api-url", "run --api-url"},
	} {
		if got := strings.Join(showArgs(strings.Fields(tc.in)), " "); got != tc.want {
			t.Errorf("showArgs(%s) = %s; want %s", tc.in, got, tc.want)
		}
	}
}

func TestSettingsRedactAddresses(t *testing.T) {
	f := pflag.NewFlagSet("run", pflag.ContinueOnError)
	var s serviceFlags
	s.register(f)
	f.String("public-url", "", "")
	f.String("journal", "", "")
	if err := f.Parse([]string{"--api-url", "http://ana:pw1@h/?api_key=pw2", "--public-url", "https://bob:pw3@k/", "--journal", "j"}); err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, st := range settings(f) {
		got[st.Flag] = st.Value
	}
	want := map[string]string{"--api-url": "http://ana:xxxxx@h/?api_key=xxxxx", "--public-url": "https://bob:xxxxx@k/", "--journal": "j"}
	for flag, v := range want {
		if got[flag] != v {
			t.Errorf("setting %s = %q; want %q", flag, got[flag], v)
		}
	}
}

func TestShownError(t *testing.T) {
	t.Setenv(envAPIURL, "ana:pw1@host")
	for _, tc := range []struct {
		args []string
		err  string
		want string
	}{
		{nil, `service address "ana:pw1@host" is not an http(s) URL`, `service address "ana:xxxxx@host" is not an http(s) URL`},
		{[]string{"run", "--public-url", "bob:pw2@k"}, `--public-url "bob:pw2@k" is not an http(s) URL`, `--public-url "bob:xxxxx@k" is not an http(s) URL`},
		{[]string{"run", "--public-url=bob:pw3@k"}, `--public-url "bob:pw3@k": bad`, `--public-url "bob:xxxxx@k": bad`},
		{nil, "GET http://carl:pw4@h/api/v1/credits: refused", "GET http://carl:xxxxx@h/api/v1/credits: refused"},
		{nil, "journal j is a folder", "journal j is a folder"},
	} {
		if got := shownError(errors.New(tc.err), tc.args); got != tc.want {
			t.Errorf("shownError(%q, %v) = %q; want %q", tc.err, tc.args, got, tc.want)
		}
	}
}
