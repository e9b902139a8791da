-- Change counters of the whole-answer cache (issue 18; lib/pageCache.ts, db/changeEpochs.ts). After every
-- write statement on a watched table, the statement trigger below adds one to the writing backend's own
-- row, in the writer's transaction: the sum of `n` grows exactly when such a write commits (a rolled-back
-- write rolls its increment back), and every API process reads it with one tiny statement. One row per
-- backend (not a few shared rows): a backend runs one transaction at a time, so no writer ever waits for
-- another's counter row lock until commit, and the counter adds no lock wait (nor deadlock) of its own.
-- Rows of backends that are gone are folded into row 0 (db/changeEpochs.ts), which keeps the sum.
-- The tables without a trigger are listed, with the reason, in db/changeEpochs.ts UNWATCHED_TABLES;
-- test/integration/db.changeEpochs.test.ts fails when a table of the schema is in neither place.
CREATE TABLE "change_epochs" (
	"backend" integer PRIMARY KEY NOT NULL,
	"n" bigint NOT NULL
);--> statement-breakpoint
INSERT INTO "change_epochs" ("backend", "n") VALUES (0, 0);--> statement-breakpoint
CREATE OR REPLACE FUNCTION "change_epoch_advance"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE change_epochs SET n = n + 1 WHERE backend = pg_backend_pid();
  IF NOT FOUND THEN
    INSERT INTO change_epochs (backend, n) VALUES (pg_backend_pid(), 1)
      ON CONFLICT (backend) DO UPDATE SET n = change_epochs.n + 1;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY[
    'companies', 'users', 'company_sso', 'company_sso_domains', 'api_clients', 'system_settings',
    'notifications', 'notification_dismissals', 'contact_messages', 'agreement_acceptances',
    'promotion_codes', 'promotion_code_redemptions', 'projects', 'modules', 'inverters', 'weathers',
    'predictions', 'power_plants', 'plant_equipment'
  ] LOOP
    EXECUTE format(
      'CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I '
      'FOR EACH STATEMENT EXECUTE FUNCTION change_epoch_advance()',
      t || '_change_epoch', t);
  END LOOP;
END
$$;
