-- Trigram indexes for the library searches (LIKE '%word%'): pg_trgm, a contrib extension of
-- PostgreSQL (trusted since PostgreSQL 13) and loaded into PGlite by db/index.ts.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
