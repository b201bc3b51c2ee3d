package chat

import "strings"

// People write the English they speak: "naebody wid miss us. thinkin aboot
// walkin intae the loch the night" is "nobody would miss me. thinking about
// walking into the loch tonight", and "mi cyaan tek it nuh more" is "I can't
// take it no more". The lexicon and the rules are written in standard
// spelling, so a dialect's spellings are read as their standard words before
// anything else looks at them (the model sees the standard words too).
//
// spokenWords are read the same everywhere: no standard English word is
// spelt like them.
var spokenWords = map[string]string{
	// Scots
	"naebody": "nobody", "naewan": "no one", "naething": "nothing", "nae": "no", "naw": "no",
	"cannae": "cant", "canna": "cant", "dinnae": "dont", "dinna": "dont", "didnae": "didnt", "doesnae": "doesnt",
	"wouldnae": "wouldnt", "widnae": "wouldnt", "couldnae": "couldnt", "coudnae": "couldnt", "shouldnae": "shouldnt",
	"isnae": "isnt", "wasnae": "wasnt", "willnae": "wont", "winnae": "wont", "havnae": "havent", "huvnae": "havent", "hasnae": "hasnt",
	"aboot": "about", "intae": "into", "ontae": "onto", "fae": "from", "frae": "from", "wae": "with",
	"hame": "home", "heid": "head", "deid": "dead", "masel": "myself", "masell": "myself", "mysel": "myself", "maself": "myself",
	"yersel": "yourself", "hissel": "himself", "hersel": "herself", "awa": "away", "doon": "down", "roond": "round",
	"efter": "after", "gonnae": "gonna", "wantae": "want to", "hink": "think", "greetin": "crying",
	"wean": "child", "weans": "children", "bairn": "child", "bairns": "children", "telt": "told", "gied": "gave",
	"whit": "what", "whitever": "whatever", "aff": "off", "oan": "on", "daein": "doing", "dae": "do", "gaun": "going",
	"nicht": "night", "wis": "was", "scunnered": "fed up", "aye": "yes", "wummin": "woman", "wifie": "woman", "polis": "police",
	// Northern English
	"divvent": "dont", "divvint": "dont", "cannet": "cant", "nowt": "nothing", "owt": "anything",
	"mesel": "myself", "meself": "myself", "hyem": "home", "gannin": "going", "gan": "go",
	// Irish, Jamaican, Nigerian, American
	"amnt": "am not", "afta": "after", "bredda": "brother", "mawnin": "morning", "cyaan": "cant", "cyah": "cant", "waan": "want", "wetin": "what", "abeg": "please",
	"pikin": "child", "pickney": "child", "comot": "leave", "nuttn": "nothing", "nuttin": "nothing", "notin": "nothing",
	"tryna": "trying to", "bouta": "about to", "boutta": "about to", "imma": "im gonna", "ima": "im gonna", "gon": "gonna",
}

// A dialect's other spellings are standard words too ("us", "the night",
// "wid"): they are read as the dialect's only when the message shows it,
// by one of the words only it spells so, or two it shares with others.
type dialect struct {
	marks map[string]bool   // words only this dialect spells so: one shows it
	hints map[string]bool   // words it shares ("wee", "mi"): two show it
	words map[string]string // what its ambiguous spellings mean in it
}

var dialects = []dialect{
	{ // Scots and Northern English: "us" is me, "ma" my, "the night" tonight, "am" I'm
		marks: set("naebody", "naewan", "naething", "nae", "cannae", "dinnae", "didnae", "doesnae", "wouldnae", "widnae", "couldnae", "isnae",
			"wasnae", "willnae", "aboot", "intae", "ontae", "fae", "frae", "wae", "hame", "heid", "deid", "masel", "mysel", "maself", "yersel",
			"awa", "doon", "roond", "efter", "gonnae", "wantae", "greetin", "wean", "weans", "bairn", "bairns", "whit", "aff", "oan", "telt",
			"daein", "gaun", "nicht", "morra", "wis", "scunnered", "gannin", "divvent", "divvint", "hyem", "neet", "howay", "hinny"),
		hints: set("wee", "ken", "ah", "aw", "wi", "tae", "oot", "noo", "ma", "aye", "naw", "dug", "pit", "toon", "owt", "nowt"),
		words: map[string]string{"us": "me", "ma": "my", "wid": "would", "wi": "with", "tae": "to", "oot": "out", "wan": "one",
			"ken": "know", "ah": "i", "aw": "all", "noo": "now", "ye": "you", "yer": "your", "dug": "dog", "pit": "put", "neet": "night", "morra": "tomorrow", "an": "and"},
	},
	{ // Jamaican: "mi" is I, "nuh" not, "tek" take, "fi" to
		marks: set("cyaan", "cyah", "waan", "pickney", "likkle", "gwaan", "bwoy", "gyal", "bredda", "mawnin"),
		hints: set("mi", "nuh", "nah", "tek", "fi", "dem", "yuh", "seh", "mek", "deh", "yah", "ting", "nuff", "weh", "vex"),
		words: map[string]string{"mi": "i", "nuh": "not", "tek": "take", "fi": "to", "dem": "them", "yuh": "you", "seh": "say",
			"mek": "make", "wid": "with", "deh": "there", "ting": "thing", "nuff": "enough", "likkle": "little", "nah": "not",
			"vex": "angry", "yah": "here", "weh": "where", "an": "and"},
	},
	{ // Nigerian Pidgin: "wan" is want, "dey" am
		marks: set("abeg", "wetin", "wahala", "sabi", "pikin", "comot"),
		hints: set("dey", "oga", "una", "sef", "abi"),
		words: map[string]string{"wan": "want", "sabi": "know", "una": "you", "dey": "am"},
	},
}

// shownBy reports whether ts are written in d.
func (d *dialect) shownBy(ts []token) bool {
	hints := 0
	for _, t := range ts {
		switch {
		case d.marks[t.word]:
			return true
		case d.hints[t.word]:
			hints++
		}
	}
	return hints >= 2
}

func set(words ...string) map[string]bool {
	m := make(map[string]bool, len(words))
	for _, w := range words {
		m[w] = true
	}
	return m
}

// afterTheNight are the words before "the night" that keep it a night
// ("through the night", "stayed the night"): elsewhere in Scots it is
// tonight.
var afterTheNight = set("through", "thru", "all", "during", "of", "in", "at", "for", "across", "into", "on", "that", "from", "by",
	"spent", "spend", "spending", "stay", "stayed", "staying", "call", "called", "til", "till", "until")

// theDays are the days "the" names in Scots: "the night" is tonight, "the
// morra" tomorrow.
var theDays = map[string]string{"night": "tonight", "nicht": "tonight", "neet": "tonight", "morra": "tomorrow"}

// before is the word before i in its sentence, or "".
func before(ts []token, i int) string {
	if i < 1 || ts[i-1].sentence != ts[i].sentence {
		return ""
	}
	return ts[i-1].word
}

// ionVerbs follow "ion" where it is texting's "I don't" ("ion wanna be
// here"), not a chemist's ion.
var ionVerbs = set("wanna", "want", "know", "care", "even", "think", "feel", "need", "got", "have", "like", "give", "see", "trust", "deserve")

// readDialect rewrites ts's dialect spellings as standard words.
func readDialect(ts []token) []token {
	var spoken *dialect
	for i := range dialects {
		if dialects[i].shownBy(ts) {
			spoken = &dialects[i]
			break
		}
	}
	out := make([]token, 0, len(ts))
	for i, t := range ts {
		w, ok := spokenWords[t.word]
		if !ok && spoken != nil {
			w, ok = spoken.words[t.word]
		}
		next := ""
		if i+1 < len(ts) && ts[i+1].sentence == t.sentence {
			next = ts[i+1].word
		}
		switch {
		case t.word == "ion" && ionVerbs[next]:
			w, ok = "i dont", true
		case spoken == &dialects[0] && t.word == "the" && theDays[next] != "" && !afterTheNight[before(ts, i)]:
			if i+1 < len(ts) {
				ts[i+1].opens = ts[i+1].opens || t.opens
			}
			continue // "the night" is tonight: "night" follows as "tonight"
		case spoken == &dialects[0] && theDays[t.word] != "" && before(ts, i) == "the" && !afterTheNight[before(ts, i-1)]:
			w, ok = theDays[t.word], true
		case spoken == &dialects[0] && t.word == "am" && (i == 0 || ts[i-1].word != "i"):
			w, ok = "im", true // "a'm still breathin"
		case spoken == &dialects[1] && t.word == "weh" && i > 0 && (ts[i-1].word == "give" || ts[i-1].word == "gi" || ts[i-1].word == "gave"):
			w, ok = "away", true // "give weh" is give away
		}
		if !ok {
			out = append(out, t)
			continue
		}
		for _, part := range strings.Fields(w) {
			t.word = part
			out = append(out, t)
			t.opens = false
		}
	}
	return out
}
