-- Operator console (members and money screens). Valid on PostgreSQL 15 and later.

-- Member search: one trigram index over username, email and phone, so a partial match ("%0712%", "%gmail%") is an
-- index lookup even with a million members. pg_trgm is a trusted extension (no superuser needed since PG 13).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX members_search_trgm ON members
  USING gin ((lower(username) || ' ' || lower(email) || ' ' || phone) gin_trgm_ops);

-- The member list newest first, and the keyset walk of the CSV export.
CREATE INDEX members_joined ON members (joined_at DESC, id DESC);

-- Deposits by status, newest first (the money screen; stuck pending pushes use deposits_pending).
CREATE INDEX deposits_status_created ON deposits (status, created_at DESC);
