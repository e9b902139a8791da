CREATE INDEX "projects_company_modified" ON "projects" USING btree ("company_id","last_modified","id");--> statement-breakpoint
CREATE INDEX "projects_company_created" ON "projects" USING btree ("company_id","created_date","id");--> statement-breakpoint
CREATE INDEX "projects_company_name" ON "projects" USING btree ("company_id",lower("name"),"id");--> statement-breakpoint
CREATE INDEX "projects_company_country" ON "projects" USING btree ("company_id",lower("country"),"id");--> statement-breakpoint
-- The per-process account cache (src/auth/accountCache.ts) drops an account when it hears of any
-- change to its user or company, whatever code or tool made it: NOTIFY at commit, once per row.
CREATE OR REPLACE FUNCTION "account_changed_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('account_changed', 'u:' || OLD.id::text);
  ELSE
    PERFORM pg_notify('account_changed', 'c:' || OLD.id::text);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "users_account_changed" AFTER UPDATE OR DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION "account_changed_notify"();--> statement-breakpoint
CREATE TRIGGER "companies_account_changed" AFTER UPDATE OR DELETE ON "companies"
  FOR EACH ROW EXECUTE FUNCTION "account_changed_notify"();
