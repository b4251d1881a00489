-- Staff are not members (docs/decisions/019-staff-are-not-members.md): the overview counts members only, so the
-- index its member counts read holds members only (still an index-only scan). Valid on PostgreSQL 15 and later.
DROP INDEX IF EXISTS members_status_country;
CREATE INDEX members_status_country ON members (status, country_id) WHERE NOT is_house AND role = 'member';
