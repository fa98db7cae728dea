package world

// companyFitChecks count companies whose industry, size and country fit the roles they hold.
var companyFitChecks = []realismCheck{}
