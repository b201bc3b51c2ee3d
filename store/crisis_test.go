package store_test

import (
	"context"
	"testing"

	"lifeline"
	"lifeline/store/storetest"
)

func TestCrisisContactsStayWithTheirOwner(t *testing.T) {
	db := storetest.NewDB(t)
	ctx := context.Background()
	var alice, bruno int64
	db.Pool.QueryRow(ctx, `INSERT INTO users (email) VALUES ('a@example.org') RETURNING id`).Scan(&alice)
	db.Pool.QueryRow(ctx, `INSERT INTO users (email) VALUES ('b@example.org') RETURNING id`).Scan(&bruno)

	for _, c := range []*lifeline.CrisisContact{
		{Name: "zoe", Phone: "555-0101", Relationship: "friend"},
		{Name: "Dr Lee", Phone: "555-0102", Relationship: "doctor", IsEmergency: true},
		{Name: "Alex", Phone: "555-0103"},
		{Name: "Sam", Phone: "555-0104", Relationship: "sponsor", IsEmergency: true},
	} {
		if err := db.CreateCrisisContact(ctx, alice, c); err != nil {
			t.Fatal(err)
		}
		if c.ID == 0 || c.CreatedAt.IsZero() {
			t.Fatalf("created contact = %+v, want an id and a time", c)
		}
	}
	list, err := db.FindCrisisContacts(ctx, alice)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, c := range list {
		names = append(names, c.Name)
	}
	if want := []string{"Dr Lee", "Sam", "Alex", "zoe"}; !equal(names, want) {
		t.Errorf("order = %v, want %v (emergency first, then by name regardless of case)", names, want)
	}
	if list[2].Relationship != "" {
		t.Errorf("no relationship read back as %q", list[2].Relationship)
	}
	if others, _ := db.FindCrisisContacts(ctx, bruno); len(others) != 0 {
		t.Errorf("the other user sees %d contacts", len(others))
	}

	alex := list[2]
	if _, err := db.FindCrisisContact(ctx, bruno, alex.ID); lifeline.ErrorCode(err) != lifeline.ENOTFOUND {
		t.Errorf("another user's find = %v, want ENOTFOUND", err)
	}
	stolen := *alex
	stolen.Name = "Mine now"
	if err := db.UpdateCrisisContact(ctx, bruno, &stolen); lifeline.ErrorCode(err) != lifeline.ENOTFOUND {
		t.Errorf("another user's update = %v, want ENOTFOUND", err)
	}
	if err := db.DeleteCrisisContact(ctx, bruno, alex.ID); lifeline.ErrorCode(err) != lifeline.ENOTFOUND {
		t.Errorf("another user's delete = %v, want ENOTFOUND", err)
	}

	alex.Relationship, alex.IsEmergency = "family", true
	if err := db.UpdateCrisisContact(ctx, alice, alex); err != nil || alex.Relationship != "family" || !alex.IsEmergency {
		t.Fatalf("update = %+v, %v", alex, err)
	}
	if err := db.DeleteCrisisContact(ctx, alice, alex.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := db.FindCrisisContact(ctx, alice, alex.ID); lifeline.ErrorCode(err) != lifeline.ENOTFOUND {
		t.Errorf("deleted contact still found: %v", err)
	}
}

func TestCrisisContactsAreCapped(t *testing.T) {
	db := storetest.NewDB(t)
	ctx := context.Background()
	var user int64
	db.Pool.QueryRow(ctx, `INSERT INTO users (email) VALUES ('a@example.org') RETURNING id`).Scan(&user)
	if _, err := db.Pool.Exec(ctx, `INSERT INTO crisis_contacts (user_id, name, phone)
		SELECT $1, 'Contact ' || n, '555-0100' FROM generate_series(1, $2) n`, user, lifeline.MaxCrisisContacts); err != nil {
		t.Fatal(err)
	}
	err := db.CreateCrisisContact(ctx, user, &lifeline.CrisisContact{Name: "One more", Phone: "555-0199"})
	if lifeline.ErrorCode(err) != lifeline.EINVALID {
		t.Errorf("contact past the cap = %v, want EINVALID", err)
	}
}

func equal(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
