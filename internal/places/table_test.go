package places

import "testing"

func TestTableFind(t *testing.T) {
	tab := newTable("name\tids\nrom\t1\nroma\t1,2\nrome\t3\nzena\t4")
	for _, tc := range []struct{ key, want string }{
		{"rom", "1"}, {"roma", "1,2"}, {"rome", "3"}, {"zena", "4"}, // the last row without its newline
		{"ro", ""}, {"romb", ""}, {"aaa", ""}, {"zzz", ""}, {"name", ""}, {"", ""},
	} {
		if got := tab.find(tc.key); got != tc.want {
			t.Errorf("find(%q) = %q; want %q", tc.key, got, tc.want)
		}
	}
	if got := newTable("name\tids\n").find("rom"); got != "" {
		t.Errorf("an empty table finds %q", got)
	}
}
