package world

// careerFlowChecks count careers that move as careers do: levels, trades, stays.
var careerFlowChecks = []realismCheck{}
