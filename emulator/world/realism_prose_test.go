package world

// proseChecks count achievements, skills, certificates and projects that fit the person and the company.
var proseChecks = []realismCheck{}
