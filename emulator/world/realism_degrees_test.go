package world

// degreeChecks count degrees of the country's system at the time, from schools that existed.
var degreeChecks = []realismCheck{}
