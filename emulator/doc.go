// Package emulator is a faithful local emulator of the profile service: it
// enforces every rule of the interface (authentication, item limits, the
// sliding rate window, credit pools, duplicate queries, callback delivery
// with its retries, discards and failed-delivery notices, people search
// with its scroll ids, concurrency limit and daily quotas, the Company
// API) over a deterministic synthetic world, and injects the faults a real
// service shows.
//
// New returns an Emulator, which is an http.Handler; its callback
// dispatcher runs until Close.
//
// The emulator spells the wire contract itself (package wire) and counts
// its own rate window: it imports nothing of the client, so that the two
// sides of the contract are checked against the interface separately.
//
// # Readings of what the interface leaves open
//
// Where spec/service-interface.md says "not shown" or leaves a rule open,
// the emulator reads it as follows; spec/wire-contract.md gives the key
// names and the chosen defaults.
//
//	what the interface leaves open            how the emulator reads it
//	----------------------------------------  ------------------------------------------------------------
//	when an item is duplicate_query           per item (case and surrounding spaces ignored), when the
//	                                          same account submitted it within Config.DuplicatePeriod
//	                                          (60 s) before; a duplicate costs nothing and does not
//	                                          restart the period
//	a lookup with neither mode                406 (neither callbackUrl nor withoutWaterfall), as the
//	                                          other validation errors of the lookup
//	a lookup with no items                    406, also for items that are not an array of strings
//	an invalid callbackUrl                    not an absolute http or https URL: 406 on lookup, 422 on
//	                                          getProfiles (where it is a parameter)
//	the order of the lookup's checks          JSON (404), validation (406), rate window (429), credits
//	                                          (402), then processing; a refused request holds no room
//	                                          in the window
//	the rate window                           sliding and exact: at most N items in any window of
//	                                          Config.RateWindow (60 s), wherever it starts
//	a scroll without scrollId                 422; an unknown, used or expired one is 404, another
//	                                          account's 403
//	scroll ids                                single use: each page issues a new one
//	the daily search quotas                   500 searches and 5,000 profiles a day (trial: 20 and 200),
//	                                          reset at QuotaResetHour (00:00) UTC; a Config.DayLength
//	                                          other than 24 h counts days from New instead
//	the daily profile-view quota              2,000 for every plan; each profile counts when it is
//	                                          delivered, on the day it is delivered; a company with more
//	                                          profiles than remain, deliveries in progress deducted, is 429
//	a search page past the profile quota      cut short at the quota; the scroll id stays, and the rest
//	                                          comes on a later day; a search or scroll with the quota
//	                                          spent is 402
//	-word in a boolean query                  a word: "-" separates words like any other punctuation;
//	                                          negation is NOT
//	synchronous coverage ("only contacts      a fixed ~60% of a person's contacts: kept by a hash of the
//	  already held")                          uid, the contact's type and value, so the same on every
//	                                          lookup and never one an asynchronous lookup would not
//	                                          return; the rest of the profile is the same
//	callback timing ("no fixed maximum")      nine in ten within Config.CallbackDelay, the rest a Pareto
//	                                          tail with no maximum; Config.MaxCallbackDelay cuts it
//	the failed-delivery notice                at most one per account per Config.NoticePeriod (1 h),
//	                                          listing the requests discarded since the last; those
//	                                          discarded within a period go out when it ends; GET
//	                                          /_emulator/notices lists them
//	a disabled account                        403 everywhere, /mcp and its login form included
//	errors whose bodies are not shown         {"error": "<message>"}, as the documented ones
//	findById, getCount, getProfiles checks    Company API enabled (403), parameters (422), the company
//	                                          (404), then credits (402, info) or the quota (429,
//	                                          getProfiles)
//	data that changes over time               the world has a clock of its own (Config.WorldStart,
//	                                          Advance, POST /_emulator/advance): people change title and
//	                                          company by career events drawn from the seed, and every
//	                                          answer is of the world as of its clock; a request answers
//	                                          from the world it began with
//	a person who changed company              the old role ends in the month of the move and the new one
//	                                          starts (experience dates are months); a work e-mail at the
//	                                          new company comes first among the contacts, the old one no
//	                                          longer shows but still finds the person, as do the profile
//	                                          URL, uid, phones and personal e-mails
//	several current roles                     the main role is the current one started last (a board
//	                                          seat on the side never started after it); events change
//	                                          only the main role
//
// Deliveries go on during an outage (Config.Outages): it is the API that
// answers 503, with no X-Credits-Left, and the admin endpoints still answer.
package emulator
