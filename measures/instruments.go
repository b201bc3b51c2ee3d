package measures

// The four instruments, as published. Item wording and answer options
// follow the sources cited on each; LOINC codes come from the LOINC
// panels named (loinc.org/<code>). Where LOINC has no term, the Coding is
// left empty and a comment says so. docs/measures.md lists the same
// sources and explains each scoring.

func loinc(code, display string) Coding { return Coding{System: LOINC, Code: code, Display: display} }

// frequency is the PHQ's four-point answer list (LOINC LL358-3), shared by
// the PHQ-9 and the GAD-7: how often over the last two weeks.
var frequency = []Option{
	{0, "Not at all", loinc("LA6568-5", "Not at all")},
	{1, "Several days", loinc("LA6569-3", "Several days")},
	{2, "More than half the days", loinc("LA6570-1", "More than half the days")},
	{3, "Nearly every day", loinc("LA6571-9", "Nearly every day")},
}

// difficulty is the PHQ's closing question's answers (LOINC LL5164-0's
// codes; "Very difficult" is LA6575-0 and "Extremely difficult" LA6574-3,
// as LOINC numbers them). It is not scored.
var difficulty = []Option{
	{0, "Not difficult at all", loinc("LA6572-7", "Not difficult at all")},
	{1, "Somewhat difficult", loinc("LA6573-5", "Somewhat difficult")},
	{2, "Very difficult", loinc("LA6575-0", "Very difficult")},
	{3, "Extremely difficult", loinc("LA6574-3", "Extremely difficult")},
}

// phq9 is the Patient Health Questionnaire-9 as Pfizer publishes it
// (phqscreeners.com, free to use), scored and banded as Kroenke, Spitzer
// and Williams (2001) validated it: the sum of items 1 to 9, 0–27, with
// cut-points 5, 10, 15 and 20. Item 10 (difficulty) is asked only when a
// problem was checked and is not scored. LOINC panel 44249-1.
var phq9 = &Instrument{
	ID: "phq9", Title: "PHQ-9", Name: "Patient Health Questionnaire-9",
	Intro: "Over the last 2 weeks, how often have you been bothered by any of the following problems?",
	Items: []Item{
		{LinkID: "1", Text: "Little interest or pleasure in doing things", Code: loinc("44250-9", "Little interest or pleasure in doing things"), Options: frequency, Scored: true},
		{LinkID: "2", Text: "Feeling down, depressed, or hopeless", Code: loinc("44255-8", "Feeling down, depressed, or hopeless"), Options: frequency, Scored: true},
		{LinkID: "3", Text: "Trouble falling or staying asleep, or sleeping too much", Code: loinc("44259-0", "Trouble falling or staying asleep, or sleeping too much"), Options: frequency, Scored: true},
		{LinkID: "4", Text: "Feeling tired or having little energy", Code: loinc("44254-1", "Feeling tired or having little energy"), Options: frequency, Scored: true},
		{LinkID: "5", Text: "Poor appetite or overeating", Code: loinc("44251-7", "Poor appetite or overeating"), Options: frequency, Scored: true},
		{LinkID: "6", Text: "Feeling bad about yourself — or that you are a failure or have let yourself or your family down", Code: loinc("44258-2", "Feeling bad about yourself-or that you are a failure or have let yourself or your family down"), Options: frequency, Scored: true},
		{LinkID: "7", Text: "Trouble concentrating on things, such as reading the newspaper or watching television", Code: loinc("44252-5", "Trouble concentrating on things, such as reading the newspaper or watching television"), Options: frequency, Scored: true},
		{LinkID: "8", Text: "Moving or speaking so slowly that other people could have noticed? Or the opposite — being so fidgety or restless that you have been moving around a lot more than usual", Code: loinc("44253-3", "Moving or speaking so slowly that other people could have noticed. Or the opposite-being so fidgety or restless that you have been moving around a lot more than usual"), Options: frequency, Scored: true},
		{LinkID: "9", Text: "Thoughts that you would be better off dead or of hurting yourself in some way", Code: loinc("44260-8", "Thoughts that you would be better off dead, or of hurting yourself in some way"), Options: frequency, Scored: true, Crisis: true},
		{LinkID: "10", Text: "If you checked off any problems, how difficult have these problems made it for you to do your work, take care of things at home, or get along with other people?", Code: loinc("69722-7", "How difficult have these problems made it for you to do your work, take care of things at home, or get along with other people"), Options: difficulty, Optional: true},
	},
	Bands: []Band{
		{0, 4, "minimal", "Minimal or no symptoms of depression"},
		{5, 9, "mild", "Mild symptoms of depression"},
		{10, 14, "moderate", "Moderate symptoms of depression"},
		{15, 19, "moderately-severe", "Moderately severe symptoms of depression"},
		{20, 27, "severe", "Severe symptoms of depression"},
	},
	Panel:            loinc("44249-1", "PHQ-9 quick depression assessment panel"),
	TotalCode:        loinc("44261-6", "Patient Health Questionnaire 9 item (PHQ-9) total score"),
	DefaultEveryDays: 14,
	Source: Source{
		Citation: "Kroenke K, Spitzer RL, Williams JBW. The PHQ-9: validity of a brief depression severity measure. J Gen Intern Med. 2001;16(9):606-613. Questionnaire: Pfizer Inc., developed by Drs. Robert L. Spitzer, Janet B.W. Williams, Kurt Kroenke and colleagues; no permission required to reproduce.",
		URL:      "https://www.phqscreeners.com/",
	},
}

// gad7 is the Generalized Anxiety Disorder-7 as published with the PHQ
// screeners, scored and banded as Spitzer, Kroenke, Williams and Löwe
// (2006) validated it: the sum of items 1 to 7, 0–21, with cut-points 5,
// 10 and 15. The closing difficulty question is not scored; LOINC's GAD-7
// panel (69737-5) has no term of its own for it, so its Code is empty.
var gad7 = &Instrument{
	ID: "gad7", Title: "GAD-7", Name: "Generalized Anxiety Disorder-7",
	Intro: "Over the last 2 weeks, how often have you been bothered by the following problems?",
	Items: []Item{
		{LinkID: "1", Text: "Feeling nervous, anxious, or on edge", Code: loinc("69725-0", "Feeling nervous, anxious or on edge"), Options: frequency, Scored: true},
		{LinkID: "2", Text: "Not being able to stop or control worrying", Code: loinc("68509-9", "Over the past 2 weeks have you not been able to stop or control worrying"), Options: frequency, Scored: true},
		{LinkID: "3", Text: "Worrying too much about different things", Code: loinc("69733-4", "Worrying too much about different things"), Options: frequency, Scored: true},
		{LinkID: "4", Text: "Trouble relaxing", Code: loinc("69734-2", "Trouble relaxing"), Options: frequency, Scored: true},
		{LinkID: "5", Text: "Being so restless that it is hard to sit still", Code: loinc("69735-9", "Being so restless that it is hard to sit still"), Options: frequency, Scored: true},
		{LinkID: "6", Text: "Becoming easily annoyed or irritable", Code: loinc("69689-8", "Becoming easily annoyed or irritable"), Options: frequency, Scored: true},
		{LinkID: "7", Text: "Feeling afraid, as if something awful might happen", Code: loinc("69736-7", "Feeling afraid as if something awful might happen"), Options: frequency, Scored: true},
		{LinkID: "8", Text: "If you checked any problems, how difficult have they made it for you to do your work, take care of things at home, or get along with other people?", Options: difficulty, Optional: true},
	},
	Bands: []Band{
		{0, 4, "minimal", "Minimal or no symptoms of anxiety"},
		{5, 9, "mild", "Mild symptoms of anxiety"},
		{10, 14, "moderate", "Moderate symptoms of anxiety"},
		{15, 21, "severe", "Severe symptoms of anxiety"},
	},
	Panel:            loinc("69737-5", "Generalized anxiety disorder 7 item (GAD-7)"),
	TotalCode:        loinc("70274-6", "Generalized anxiety disorder 7 item (GAD-7) total score"),
	DefaultEveryDays: 14,
	Source: Source{
		Citation: "Spitzer RL, Kroenke K, Williams JBW, Löwe B. A brief measure for assessing generalized anxiety disorder: the GAD-7. Arch Intern Med. 2006;166(10):1092-1097. Questionnaire: Pfizer Inc.; no permission required to reproduce.",
		URL:      "https://www.phqscreeners.com/",
	},
}

// The Brief Addiction Monitor's answer lists (the VA's BAM-R, Likert
// form). LOINC has no BAM panel, items or answers, so none carries a Code.
var (
	bamDays   = []Option{{0, "0", Coding{}}, {1, "1-3", Coding{}}, {2, "4-8", Coding{}}, {3, "9-15", Coding{}}, {4, "16-30", Coding{}}}
	bamHow    = []Option{{0, "Not at all", Coding{}}, {1, "Slightly", Coding{}}, {2, "Moderately", Coding{}}, {3, "Considerably", Coding{}}, {4, "Extremely", Coding{}}}
	bamHealth = []Option{{0, "Excellent", Coding{}}, {1, "Very good", Coding{}}, {2, "Good", Coding{}}, {3, "Fair", Coding{}}, {4, "Poor", Coding{}}}
	bamYesNo  = []Option{{0, "No", Coding{}}, {4, "Yes", Coding{}}}
)

// bam is the Brief Addiction Monitor (Cacciola et al. 2013) in the VA's
// revised Likert form (BAM-R), 17 items about the past 30 days. It has
// no total: the VA reads it by three composite scores, each item 0–4 —
// Use = items 4+5+6 (0–12; any use, 1 or more, is clinically
// significant), Risk = 1+2+3+8+11+15 (0–24; 12 or more is elevated),
// Protective = 9+10+12+13+14+16 (0–24; 12 or below is low). Item 7's
// parts (7a–7g) elaborate item 6, are asked only when item 6 is above 0,
// and are not scored; item 17 (satisfaction with progress) is read on
// its own. Item 14 is scored No 0, Yes 4.
var bam = &Instrument{
	ID: "bam", Title: "BAM", Name: "Brief Addiction Monitor",
	Intro: "These questions are about the past 30 days. There are no right or wrong answers.",
	Items: []Item{
		{LinkID: "1", Text: "In the past 30 days, would you say your physical health has been:", Options: bamHealth, Scored: true},
		{LinkID: "2", Text: "In the past 30 days, how many nights did you have trouble falling asleep or staying asleep?", Options: bamDays, Scored: true},
		{LinkID: "3", Text: "In the past 30 days, how many days have you felt depressed, anxious, angry or very upset throughout most of the day?", Options: bamDays, Scored: true},
		{LinkID: "4", Text: "In the past 30 days, how many days did you drink ANY alcohol?", Options: bamDays, Scored: true},
		{LinkID: "5", Text: "In the past 30 days, how many days did you have at least 5 drinks (if you are a man) or at least 4 drinks (if you are a woman)? [One drink is considered one shot of hard liquor (1.5 oz.) or 12-ounce can/bottle of beer or 5 ounce glass of wine.]", Options: bamDays, Scored: true},
		{LinkID: "6", Text: "In the past 30 days, how many days did you use any illegal/street drugs or abuse any prescription medications?", Options: bamDays, Scored: true},
		{LinkID: "7a", Text: "In the past 30 days, how many days did you use Marijuana (cannabis, pot, weed)?", Options: bamDays, Optional: true},
		{LinkID: "7b", Text: "In the past 30 days, how many days did you use Sedatives/Tranquilizers (e.g., \"benzos\", Valium, Xanax, Ativan, Ambien, \"barbs\", Phenobarbital, downers, etc.)?", Options: bamDays, Optional: true},
		{LinkID: "7c", Text: "In the past 30 days, how many days did you use Cocaine/Crack?", Options: bamDays, Optional: true},
		{LinkID: "7d", Text: "In the past 30 days, how many days did you use Other Stimulants (e.g., amphetamine, methamphetamine, Dexedrine, Ritalin, Adderall, \"speed\", \"crystal meth\", \"ice\", etc.)?", Options: bamDays, Optional: true},
		{LinkID: "7e", Text: "In the past 30 days, how many days did you use Opiates (e.g., Heroin, Morphine, Dilaudid, Demerol, Oxycontin, oxy, codeine (Tylenol 2,3,4), Percocet, Vicodin, Fentanyl, etc.)?", Options: bamDays, Optional: true},
		{LinkID: "7f", Text: "In the past 30 days, how many days did you use Inhalants (glues, adhesives, nail polish remover, paint thinner, etc.)?", Options: bamDays, Optional: true},
		{LinkID: "7g", Text: "In the past 30 days, how many days did you use Other drugs (steroids, non-prescription sleep/diet pills, Benadryl, Ephedra, other over-the-counter/unknown medications)?", Options: bamDays, Optional: true},
		{LinkID: "8", Text: "In the past 30 days, how much were you bothered by cravings or urges to drink alcohol or use drugs?", Options: bamHow, Scored: true},
		{LinkID: "9", Text: "How confident are you in your ability to be completely abstinent (clean) from alcohol and drugs in the next 30 days?", Options: bamHow, Scored: true},
		{LinkID: "10", Text: "In the past 30 days, how many days did you attend self-help meetings like AA or NA to support your recovery?", Options: bamDays, Scored: true},
		{LinkID: "11", Text: "In the past 30 days, how many days were you in any situations or with any people that might put you at an increased risk for using alcohol or drugs (i.e., around risky \"people, places or things\")?", Options: bamDays, Scored: true},
		{LinkID: "12", Text: "Does your religion or spirituality help support your recovery?", Options: bamHow, Scored: true},
		{LinkID: "13", Text: "In the past 30 days, how many days did you spend much of the time at work, school, or doing volunteer work?", Options: bamDays, Scored: true},
		{LinkID: "14", Text: "Do you have enough income (from legal sources) to pay for necessities such as housing, transportation, food and clothing for yourself and your dependents?", Options: bamYesNo, Scored: true},
		{LinkID: "15", Text: "In the past 30 days, how much have you been bothered by arguments or problems getting along with any family members or friends?", Options: bamHow, Scored: true},
		{LinkID: "16", Text: "In the past 30 days, how many days were you in contact or spent time with any family members or friends who are supportive of your recovery?", Options: bamDays, Scored: true},
		{LinkID: "17", Text: "How satisfied are you with your progress toward achieving your recovery goals?", Options: bamHow},
	},
	Subscales: []Subscale{
		{Key: "use", Label: "Use", Items: []string{"4", "5", "6"}, Bands: []Band{
			{0, 0, "none", "No alcohol or drug use"},
			{1, 12, "some", "Some alcohol or drug use"},
		}},
		{Key: "risk", Label: "Risk factors", Items: []string{"1", "2", "3", "8", "11", "15"}, Bands: []Band{
			{0, 11, "lower", "Fewer risk factors"},
			{12, 24, "elevated", "More risk factors"},
		}},
		{Key: "protective", Label: "Protective factors", Items: []string{"9", "10", "12", "13", "14", "16"}, HigherIsBetter: true, Bands: []Band{
			{0, 12, "low", "Fewer protective factors"},
			{13, 24, "strong", "More protective factors"},
		}},
	},
	// LOINC has no Brief Addiction Monitor panel or total: both are empty.
	DefaultEveryDays: 7,
	Source: Source{
		Citation: "Cacciola JS, Alterman AI, DePhilippis D, et al. Development and initial evaluation of the Brief Addiction Monitor (BAM). J Subst Abuse Treat. 2013;44(3):256-263. Items, Likert answers and composite scores as in the U.S. Department of Veterans Affairs' Brief Addiction Monitor-Revised (BAM-R) with scoring and clinical guidelines (VISN 4 MIRECC / CESATE); public domain.",
		URL:      "https://pmc.ncbi.nlm.nih.gov/articles/PMC3602977/",
	},
}

// auditC is the AUDIT-C: the first three questions of the WHO's Alcohol
// Use Disorders Identification Test (Babor et al. 2001), each 0–4, summed
// to 0–12 (Bush et al. 1998). The published cut-offs differ by sex — 4 or
// more for men, 3 or more for women (Bradley et al. 2007) — and the app
// does not ask anyone's sex, so the bands name both. It asks about the
// past year, so it is not scheduled unless the person chooses to.
var auditC = &Instrument{
	ID: "auditc", Title: "AUDIT-C", Name: "Alcohol Use Disorders Identification Test – Consumption",
	Intro: "These questions are about your drinking over the past year. One drink is a 12-ounce beer, a 5-ounce glass of wine, or a 1.5-ounce shot of spirits.",
	Items: []Item{
		{LinkID: "1", Text: "How often do you have a drink containing alcohol?", Code: loinc("68518-0", "How often do you have a drink containing alcohol"), Scored: true, Options: []Option{
			{0, "Never", loinc("LA6270-8", "Never")},
			{1, "Monthly or less", loinc("LA18926-8", "Monthly or less")},
			{2, "2-4 times a month", loinc("LA18927-6", "2-4 times a month")},
			{3, "2-3 times a week", loinc("LA18928-4", "2-3 times a week")},
			{4, "4 or more times a week", loinc("LA18929-2", "4 or more times a week")},
		}},
		{LinkID: "2", Text: "How many drinks containing alcohol do you have on a typical day when you are drinking?", Code: loinc("68519-8", "How many standard drinks containing alcohol do you have on a typical day"), Scored: true, Options: []Option{
			{0, "1 or 2", loinc("LA15694-5", "1 or 2")},
			{1, "3 or 4", loinc("LA15695-2", "3 or 4")},
			{2, "5 or 6", loinc("LA18930-0", "5 or 6")},
			{3, "7 to 9", loinc("LA18931-8", "7 to 9")},
			{4, "10 or more", loinc("LA18932-6", "10 or more")},
		}},
		{LinkID: "3", Text: "How often do you have six or more drinks on one occasion?", Code: loinc("68520-6", "How often do you have 6 or more drinks on 1 occasion"), Scored: true, Options: []Option{
			{0, "Never", loinc("LA6270-8", "Never")},
			{1, "Less than monthly", loinc("LA18933-4", "Less than monthly")},
			{2, "Monthly", loinc("LA18876-5", "Monthly")},
			{3, "Weekly", loinc("LA18891-4", "Weekly")},
			{4, "Daily or almost daily", loinc("LA18934-2", "Daily or almost daily")},
		}},
	},
	Bands: []Band{
		{0, 0, "none", "No drinking in the past year"},
		{1, 2, "below", "Below the screening cut-offs"},
		{3, 3, "women", "At the cut-off used for women (3 or more); below the one for men (4 or more)"},
		{4, 12, "above", "At or above the screening cut-offs for women and men"},
	},
	Panel:            loinc("72109-2", "Alcohol Use Disorder Identification Test - Consumption [AUDIT-C]"),
	TotalCode:        loinc("75626-2", "Total score [AUDIT-C]"),
	DefaultEveryDays: 0,
	Source: Source{
		Citation: "Bush K, Kivlahan DR, McDonell MB, Fihn SD, Bradley KA. The AUDIT alcohol consumption questions (AUDIT-C): an effective brief screening test for problem drinking. Arch Intern Med. 1998;158(16):1789-1795. Cut-offs: Bradley KA, DeBenedetti AF, Volk RJ, et al. AUDIT-C as a brief screen for alcohol misuse in primary care. Alcohol Clin Exp Res. 2007;31(7):1208-1217. Questions 1-3 of Babor TF, Higgins-Biddle JC, Saunders JB, Monteiro MG. AUDIT: The Alcohol Use Disorders Identification Test, 2nd ed. World Health Organization; 2001.",
		URL:      "https://loinc.org/72109-2",
	},
}
