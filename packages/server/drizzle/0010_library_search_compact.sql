-- Library search ignores spaces and punctuation (issue 16: "SC4000" finds "SC 4000 UP"): the search
-- text is regenerated without them (src/lib/searchKey.ts). Dropping the column drops its trigram
-- index, so the index is made again on the new column.
ALTER TABLE "inverters" drop column "search_text";--> statement-breakpoint
ALTER TABLE "inverters" ADD COLUMN "search_text" text GENERATED ALWAYS AS (regexp_replace(lower(coalesce(manufacturer, '') || ' ' || coalesce(model, '') || ' ' || name), '[\x01-\x2f\x3a-\x40\x5b-\x60\x7b-\x7f\u00a0\u2010-\u2015]', '', 'g')) STORED;--> statement-breakpoint
ALTER TABLE "modules" drop column "search_text";--> statement-breakpoint
ALTER TABLE "modules" ADD COLUMN "search_text" text GENERATED ALWAYS AS (regexp_replace(lower(coalesce(manufacturer, '') || ' ' || coalesce(model, '') || ' ' || name), '[\x01-\x2f\x3a-\x40\x5b-\x60\x7b-\x7f\u00a0\u2010-\u2015]', '', 'g')) STORED;--> statement-breakpoint
CREATE INDEX "inverters_search_trgm" ON "inverters" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "modules_search_trgm" ON "modules" USING gin ("search_text" gin_trgm_ops);
