DROP INDEX "modules_search";--> statement-breakpoint
ALTER TABLE "inverters" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(coalesce(manufacturer, '') || ' ' || coalesce(model, '') || ' ' || name)) STORED;--> statement-breakpoint
ALTER TABLE "modules" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(coalesce(manufacturer, '') || ' ' || coalesce(model, '') || ' ' || name)) STORED;--> statement-breakpoint
CREATE INDEX "inverters_search_trgm" ON "inverters" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "inverters_name_lower" ON "inverters" USING btree (lower("name"),"id");--> statement-breakpoint
CREATE INDEX "modules_search_trgm" ON "modules" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "modules_name_lower" ON "modules" USING btree (lower("name"),"id");--> statement-breakpoint
CREATE INDEX "modules_manufacturer_lower" ON "modules" USING btree (lower("manufacturer"),"id");--> statement-breakpoint
CREATE INDEX "modules_model_lower" ON "modules" USING btree (lower("model"),"id");