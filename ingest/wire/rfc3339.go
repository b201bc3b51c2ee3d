package wire

import "time"

// parseRFC3339 parses an RFC 3339 date-time,
// YYYY-MM-DDTHH:MM:SS[.fraction](Z|+HH:MM|-HH:MM), with "t" and "z" also
// accepted in lower case as RFC 3339 allows. Like time.Parse it rejects a
// leap second (:60) and dates that do not exist; digits of the fraction
// past nanoseconds are read and dropped. It does not allocate.
func parseRFC3339(s []byte) (time.Time, bool) {
	if len(s) < len("2006-01-02T15:04:05Z") ||
		s[4] != '-' || s[7] != '-' || s[10] != 'T' && s[10] != 't' || s[13] != ':' || s[16] != ':' {
		return time.Time{}, false
	}
	year, ok1 := atoi(s[0:4])
	month, ok2 := atoi(s[5:7])
	day, ok3 := atoi(s[8:10])
	hour, ok4 := atoi(s[11:13])
	minute, ok5 := atoi(s[14:16])
	sec, ok6 := atoi(s[17:19])
	if !(ok1 && ok2 && ok3 && ok4 && ok5 && ok6) ||
		month < 1 || month > 12 || day < 1 || day > daysIn(month, year) ||
		hour > 23 || minute > 59 || sec > 59 {
		return time.Time{}, false
	}
	i := 19
	nsec := 0
	if s[i] == '.' {
		i++
		start := i
		for scale := 100_000_000; i < len(s) && '0' <= s[i] && s[i] <= '9'; i++ {
			nsec += int(s[i]-'0') * scale
			scale /= 10
		}
		if i == start || i == len(s) {
			return time.Time{}, false
		}
	}
	var offset int
	switch s[i] {
	case 'Z', 'z':
		i++
	case '+', '-':
		if len(s)-i != len("+07:00") || s[i+3] != ':' {
			return time.Time{}, false
		}
		h, okh := atoi(s[i+1 : i+3])
		m, okm := atoi(s[i+4 : i+6])
		if !okh || !okm || h > 23 || m > 59 {
			return time.Time{}, false
		}
		offset = (h*60 + m) * 60
		if s[i] == '-' {
			offset = -offset
		}
		i += len("+07:00")
	default:
		return time.Time{}, false
	}
	if i != len(s) {
		return time.Time{}, false
	}
	t := time.Date(year, time.Month(month), day, hour, minute, sec, nsec, time.UTC)
	return t.Add(-time.Duration(offset) * time.Second), true
}

// atoi parses a short run of decimal digits.
func atoi(b []byte) (int, bool) {
	v := 0
	for _, c := range b {
		if c < '0' || c > '9' {
			return 0, false
		}
		v = v*10 + int(c-'0')
	}
	return v, true
}

func daysIn(month, year int) int {
	switch month {
	case 2:
		if year%4 == 0 && (year%100 != 0 || year%400 == 0) {
			return 29
		}
		return 28
	case 4, 6, 9, 11:
		return 30
	}
	return 31
}
