-- Weather series are staged in weather_columns itself (issue 15): a staged column has no weather yet
-- (weather_id null) and the token of its upload; the transaction that creates or updates the weather
-- only sets weather_id, which keeps the row's out-of-line bytes where they are. Copying a one-minute
-- year's series from weather_column_uploads in that transaction rewrote them all (0.3-1 s on the
-- embedded database, whose only connection every other request waits for meanwhile).
ALTER TABLE "weather_columns" ALTER COLUMN "weather_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "weather_columns" ADD COLUMN "staged_token" uuid;--> statement-breakpoint
ALTER TABLE "weather_columns" ADD COLUMN "staged_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "weather_columns_staged" ON "weather_columns" USING btree ("staged_token") WHERE staged_token is not null;--> statement-breakpoint
ALTER TABLE "weather_columns" ADD CONSTRAINT "weather_columns_owner" CHECK ((weather_id is null) <> (staged_token is null));