package emulator

import (
	"crypto/subtle"
	"encoding/json"
	"fmt"
	"os"
	"time"

	"github.com/enrich-dev/enrich/emulator/search"
)

// Plan limits of interface 8.
const (
	PaidItemsPerMinute  = 600
	TrialItemsPerMinute = 5
)

// AccountConfig describes one account. In a configuration file it is a JSON
// object with the keys given in the tags.
type AccountConfig struct {
	Name     string `json:"name"`     // shown in stats; default "account-N" ("default" for the flag account)
	Key      string `json:"key"`      // the API key; required unless Login and Password are set
	Trial    bool   `json:"trial"`    // trial plan: 5 items per minute
	Disabled bool   `json:"disabled"` // every request is 403
	// CompanyAPI enables the Company API, which is off by default.
	CompanyAPI bool `json:"companyApi"`

	Credits                int64 `json:"credits"`                // standard pool
	WithoutContactsCredits int64 `json:"withoutContactsCredits"` // without-contacts pool
	CompanyCredits         int64 `json:"companyCredits"`         // company data pool

	// ItemsPerMinute overrides the plan's limit when not 0.
	ItemsPerMinute int `json:"itemsPerMinute"`

	// Daily quotas; 0 takes Config's, else the plan's.
	SearchQueriesPerDay  int `json:"searchQueriesPerDay"`  // searchByQuery requests
	SearchProfilesPerDay int `json:"searchProfilesPerDay"` // profiles returned by searches and scrolls
	ProfileViewsPerDay   int `json:"profileViewsPerDay"`   // profiles delivered by company/getProfiles

	// Login and Password sign the account in on the login form of the
	// assistant-protocol server's OAuth flow, as an alternative to its key.
	// An account may have them and no key: its OAuth tokens then carry no
	// key and every request it makes is 401, as on the service.
	Login    string `json:"login"`
	Password string `json:"password"`
}

// configFile is the shape of the --config file.
type configFile struct {
	Accounts []AccountConfig `json:"accounts"`
}

// LoadAccounts reads the accounts of a configuration file:
//
//	{"accounts": [{"name": "acme", "key": "k1", "credits": 1000, "trial": false, ...}]}
func LoadAccounts(path string) ([]AccountConfig, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("read emulator config: %w", err)
	}
	var f configFile
	if err := json.Unmarshal(b, &f); err != nil {
		return nil, fmt.Errorf("emulator config %s: %w", path, err)
	}
	if len(f.Accounts) == 0 {
		return nil, fmt.Errorf("emulator config %s: no accounts", path)
	}
	return f.Accounts, nil
}

// pool names a credit pool.
type pool int

const (
	poolStandard pool = iota
	poolWithoutContacts
	poolCompany
	numPools
)

func (p pool) String() string {
	return [...]string{"standard", "withoutContacts", "company"}[p]
}

// account is an account's live state, guarded by Emulator.mu.
type account struct {
	cfg      AccountConfig
	balance  [numPools]int64
	window   *rateWindow
	lastSeen map[string]time.Time // item key → last non-duplicate submission
	revealed map[string]time.Time // uid → first lookup with contacts
	stats    AccountStats
	noticeAt time.Time // last failed-delivery notice
	// pendingNotice lists discarded request ids not yet in a notice, and
	// noticeErr is the error of the latest of them.
	pendingNotice []int64
	noticeErr     string
	noticeDue     bool // a notice is scheduled for the end of the period

	quotas usage // the daily limits
	used   usage // today's use of them
	// viewsPending are profiles of company/getProfiles deliveries not yet
	// delivered nor discarded: they hold room in the profile-view quota
	// and count against it once delivered.
	viewsPending int
	day          int64 // the emulated day used counts
	dayKnown     bool  // day was set by a use
	searching    int   // search and scroll requests in progress
	// marks are the people the account has marked (watched, in lists...),
	// each set computed on first use.
	marks [search.NumMarks]func() *search.Set
}

func newAccount(cfg AccountConfig, i int, span time.Duration) (*account, error) {
	if cfg.Key == "" && (cfg.Login == "" || cfg.Password == "") {
		return nil, fmt.Errorf("account %d (%q) has no API key (an account without one needs a login and a password)", i+1, cfg.Name)
	}
	if (cfg.Login == "") != (cfg.Password == "") {
		return nil, fmt.Errorf("account %d (%q): a login needs a password, and a password a login", i+1, cfg.Name)
	}
	if cfg.Name == "" {
		cfg.Name = fmt.Sprintf("account-%d", i+1)
	}
	limit := cfg.ItemsPerMinute
	if limit == 0 {
		limit = PaidItemsPerMinute
		if cfg.Trial {
			limit = TrialItemsPerMinute
		}
	}
	if limit < 0 || cfg.Credits < 0 || cfg.WithoutContactsCredits < 0 || cfg.CompanyCredits < 0 {
		return nil, fmt.Errorf("account %q: limits and credits cannot be negative", cfg.Name)
	}
	cfg.ItemsPerMinute = limit
	return &account{
		cfg:      cfg,
		balance:  [numPools]int64{cfg.Credits, cfg.WithoutContactsCredits, cfg.CompanyCredits},
		window:   newRateWindow(limit, span),
		lastSeen: make(map[string]time.Time),
		revealed: make(map[string]time.Time),
		stats:    newAccountStats(cfg.Name),
	}, nil
}

// spend takes one credit from p if there is one.
func (a *account) spend(p pool) bool {
	if a.balance[p] <= 0 {
		return false
	}
	a.balance[p]--
	a.stats.CreditsUsed[p.String()]++
	return true
}

// assistantAccounts answers the assistant-protocol server's questions
// about accounts (mcpapi.Accounts).
type assistantAccounts struct{ e *Emulator }

// ByKey returns the name of the account that holds key, and whether it
// is disabled.
func (x assistantAccounts) ByKey(key string) (name string, disabled, ok bool) {
	if key == "" {
		return "", false, false
	}
	x.e.mu.Lock()
	defer x.e.mu.Unlock()
	a := x.e.accounts[key]
	if a == nil {
		return "", false, false
	}
	return a.cfg.Name, a.cfg.Disabled, true
}

// ByLogin returns the account whose login and password these are, with
// its key, which is empty for an account that has none.
func (x assistantAccounts) ByLogin(login, password string) (name, key string, ok bool) {
	if login == "" {
		return "", "", false
	}
	x.e.mu.Lock()
	a := x.e.logins[login]
	x.e.mu.Unlock()
	if a == nil || subtle.ConstantTimeCompare([]byte(a.cfg.Password), []byte(password)) != 1 {
		return "", "", false
	}
	return a.cfg.Name, a.cfg.Key, true
}
