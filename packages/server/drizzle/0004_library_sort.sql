CREATE INDEX "modules_status_sort" ON "modules" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "modules_technology_sort" ON "modules" USING btree ("cell_technology_type","id");--> statement-breakpoint
CREATE INDEX "modules_modified_sort" ON "modules" USING btree ("last_modified","id");