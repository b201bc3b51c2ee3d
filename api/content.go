package api

import (
	"net/http"
	"slices"
	"strings"

	"github.com/go-chi/chi/v5"

	"lifeline"
)

// listArticles answers Learn & Grow's grid, newest first; ?category= (one
// of docs/spec.md's category ids) narrows it to one category.
func (s *Server) listArticles(w http.ResponseWriter, r *http.Request) {
	category := r.URL.Query().Get("category")
	if category != "" && !slices.Contains(lifeline.ArticleCategories, category) {
		writeError(w, r, lifeline.Errorf(lifeline.EINVALID, "?category= must be one of: %s.", strings.Join(lifeline.ArticleCategories, ", ")))
		return
	}
	list, err := s.cfg.Content.FindArticles(r.Context(), category)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, list)
}

// getArticle answers one article, by id or slug, with its rendered HTML.
func (s *Server) getArticle(w http.ResponseWriter, r *http.Request) {
	a, err := s.cfg.Content.FindArticle(r.Context(), chi.URLParam(r, "id"))
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, a)
}

func (s *Server) listBlogPosts(w http.ResponseWriter, r *http.Request) {
	list, err := s.cfg.Content.FindBlogPosts(r.Context())
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, list)
}

func (s *Server) getBlogPost(w http.ResponseWriter, r *http.Request) {
	p, err := s.cfg.Content.FindBlogPost(r.Context(), chi.URLParam(r, "id"))
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, p)
}

func (s *Server) listStatistics(w http.ResponseWriter, r *http.Request) {
	list, err := s.cfg.Content.FindStatistics(r.Context())
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, list)
}
