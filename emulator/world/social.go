package world

import (
	"math/rand/v2"
	"strconv"
)

// Social is the set of social platforms a person has a profile on, one
// bit per platform code of the interface's list.
type Social uint64

// platformCodes are the interface's platform codes; bit i of Social is
// platformCodes[i].
var platformCodes = [...]string{"li", "fb", "tw", "x", "ig", "gh", "yt", "pt", "so", "be", "dr", "sc", "vm",
	"rd", "qu", "xi", "vi", "vk", "ok", "am", "gr", "wp", "wc", "wo", "tm", "fs", "ss", "mu", "fc", "bl", "lj",
	"ms", "lf", "gp", "kl", "ba", "bb", "dg", "tg", "dl", "su", "ni", "re", "ye", "fl", "ta", "di", "pl", "eb",
	"mh", "pb", "ps"}

// Platform bits the world hands out.
const (
	SocialLinkedIn Social = 1 << iota
	SocialFacebook
	SocialTwitter
	SocialX
	SocialInstagram
	SocialGitHub
	SocialYouTube
	SocialPinterest
	SocialStackOverflow
	SocialBehance
	SocialDribbble
)

// The remaining codes the world uses, by their index in platformCodes.
const (
	SocialXing   Social = 1 << 15
	SocialVK     Social = 1 << 17
	SocialOK     Social = 1 << 18
	SocialAngel  Social = 1 << 19
	SocialMedium Social = 1 << 31
)

// Codes returns the platform codes in the set, in the interface's order.
func (s Social) Codes() []string {
	var out []string
	for i, code := range platformCodes {
		if s&(1<<i) != 0 {
			out = append(out, code)
		}
	}
	return out
}

// socialURL is the profile link of a platform for a handle; "" for codes
// the world never hands out.
func socialURL(code, handle string, n uint32) string {
	switch code {
	case "li":
		return profilePrefix + handle
	case "fb":
		return "https://www.facebook.com/" + handle
	case "tw":
		return "https://twitter.com/" + handle
	case "x":
		return "https://x.com/" + handle
	case "ig":
		return "https://www.instagram.com/" + handle
	case "gh":
		return "https://github.com/" + handle
	case "yt":
		return "https://www.youtube.com/@" + handle
	case "pt":
		return "https://www.pinterest.com/" + handle
	case "so":
		return "https://stackoverflow.com/users/" + strconv.FormatUint(uint64(n%9000000+10000), 10) + "/" + handle
	case "be":
		return "https://www.behance.net/" + handle
	case "dr":
		return "https://dribbble.com/" + handle
	case "xi":
		return "https://www.xing.com/profile/" + handle
	case "vk":
		return "https://vk.com/" + handle
	case "ok":
		return "https://ok.ru/profile/" + strconv.FormatUint(uint64(n%900000000+100000000), 10)
	case "am":
		return "https://angel.co/u/" + handle
	case "ms":
		return "https://medium.com/@" + handle
	}
	return ""
}

// drawSocial picks the platforms of a person: everyone has a profile on
// the professional network (every person of the world is found by its
// URL, so the profile always lists it), engineers are often on GitHub,
// designers on Behance, people in German-speaking countries on Xing,
// Russians on VK.
func drawSocial(r *rand.Rand, country string, d Department, l Level) Social {
	s := SocialLinkedIn
	add := func(bit Social, percent int) {
		if chance(r, percent) {
			s |= bit
		}
	}
	add(SocialFacebook, 18)
	add(SocialTwitter, 10)
	add(SocialX, 5)
	add(SocialInstagram, 9)
	add(SocialYouTube, 2)
	add(SocialPinterest, 1)
	add(SocialMedium, 2)
	switch d {
	case Engineering, DataAnalytics:
		add(SocialGitHub, 35)
		add(SocialStackOverflow, 8)
	case Design:
		add(SocialBehance, 30)
		add(SocialDribbble, 20)
	default:
		add(SocialGitHub, 2)
	}
	switch country {
	case "DE", "AT", "CH":
		add(SocialXing, 30)
	case "RU", "BY", "KZ", "UA":
		add(SocialVK, 40)
		add(SocialOK, 8)
	}
	if l == Founder {
		add(SocialAngel, 20)
	}
	return s
}
