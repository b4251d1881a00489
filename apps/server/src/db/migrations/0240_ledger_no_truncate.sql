-- The ledger refuses TRUNCATE as it refuses UPDATE and DELETE (0010_ledger.sql): emptying the postings or the
-- transactions in one statement would erase the history every balance is recomputed from. Valid on PostgreSQL 15.
CREATE TRIGGER ledger_postings_no_truncate BEFORE TRUNCATE ON ledger_postings
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();
CREATE TRIGGER ledger_transactions_no_truncate BEFORE TRUNCATE ON ledger_transactions
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();
