package api

import (
	"strings"
	"testing"
)

// The account's name keys the ledger file of the machine and the Redis
// key of the shared budget: it must stay what earlier versions wrote, and
// hold neither the service's address nor the key.
func TestAccount(t *testing.T) {
	c, err := New("https://api.example.com", "secret-key")
	if err != nil {
		t.Fatal(err)
	}
	got := c.Account()
	if got != "d8f38646c3798ff4" {
		t.Errorf("Account() = %q, want the name earlier versions gave", got)
	}
	if strings.Contains(got, "secret") || strings.Contains(got, "example") {
		t.Errorf("Account() = %q holds the key or the address", got)
	}
	other, _ := New("https://api.example.com", "another-key")
	if other.Account() == got {
		t.Error("two keys give one account")
	}
}
