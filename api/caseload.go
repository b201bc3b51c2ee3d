package api

import (
	"net/http"

	"lifeline"
)

// listCaseload is the caseload of someone who supports many: everyone
// they support, sorted by need, each part within that person's grant as
// on People I support, in one query. Each answer is logged as People I
// support's are: what the grant let them see of each person.
func (s *Server) listCaseload(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	me := currentUser(ctx)
	now := s.cfg.Now()
	list, err := s.cfg.Care.FindCaseload(ctx, lifeline.CaseloadQuery{
		SupporterID: me.ID, Now: now, OpenSince: now.Add(-openAlertWindow), OfflineAfter: s.cfg.OfflineAfter,
	})
	if err != nil {
		writeError(w, r, err)
		return
	}
	looks := make([]lifeline.CareLook, 0, len(list))
	for _, e := range list {
		var seen []string
		if e.CheckIns != nil {
			seen = append(seen, "checkins")
		}
		if e.Alerts != nil {
			seen = append(seen, "alerts")
		}
		looks = append(looks, lifeline.CareLook{LinkID: e.LinkID, WearerID: e.WearerID, What: seen})
	}
	if err := s.cfg.Care.RecordLooks(ctx, me.ID, looks, now); err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, list)
}
