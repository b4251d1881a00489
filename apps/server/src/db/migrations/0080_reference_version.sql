-- Reference data (settings, countries, fee rows, tariff brackets) changes rarely and is read on every userdata poll.
-- Each process keeps a copy and the hot query reads only this one-row version, bumped by a statement trigger on
-- every change to those tables (whoever makes it: the console, a migration, psql), so a copy is never used stale
-- once the change has committed (docs/decisions/011-fast-userdata.md).
CREATE TABLE reference_version (
  id       boolean PRIMARY KEY DEFAULT true CHECK (id),
  version  bigint  NOT NULL
);
INSERT INTO reference_version (id, version) VALUES (true, 1);

CREATE FUNCTION reference_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE reference_version SET version = version + 1 WHERE id;
  RETURN NULL;
END
$$;

CREATE TRIGGER settings_reference_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON settings
  FOR EACH STATEMENT EXECUTE FUNCTION reference_version_bump();
CREATE TRIGGER countries_reference_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON countries
  FOR EACH STATEMENT EXECUTE FUNCTION reference_version_bump();
CREATE TRIGGER country_fees_reference_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON country_fees
  FOR EACH STATEMENT EXECUTE FUNCTION reference_version_bump();
CREATE TRIGGER tariff_brackets_reference_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON tariff_brackets
  FOR EACH STATEMENT EXECUTE FUNCTION reference_version_bump();
