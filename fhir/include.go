package fhir

import (
	"strings"

	"lifeline"
)

// Include says which identifying fields the Patient carries. The zero value,
// the default, carries none: the Bundle then says nothing about who the
// person is beyond their answers. Location is never a choice.
type Include struct {
	Name, Email, Phone bool
}

// IncludeChoices are the words of ?include=, in the order the screen shows them.
var IncludeChoices = []string{"name", "email", "phone"}

// ParseInclude reads the values of ?include= (each a comma-separated list
// of IncludeChoices, spaces around a word, blanks and repeats ignored). Anything else is
// EINVALID with the field "include".
func ParseInclude(values []string) (Include, error) {
	var inc Include
	for _, v := range values {
		for _, word := range strings.Split(v, ",") {
			switch strings.Trim(word, " ") {
			case "":
			case "name":
				inc.Name = true
			case "email":
				inc.Email = true
			case "phone":
				inc.Phone = true
			default:
				msg := "Choose from name, email and phone."
				return Include{}, &lifeline.Error{Code: lifeline.EINVALID, Message: msg, Fields: map[string]string{"include": msg}}
			}
		}
	}
	return inc, nil
}
