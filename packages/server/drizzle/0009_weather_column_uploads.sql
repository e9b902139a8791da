CREATE TABLE "weather_column_uploads" (
	"token" uuid NOT NULL,
	"name" text NOT NULL,
	"part" integer NOT NULL,
	"dtype" text NOT NULL,
	"values" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "weather_column_uploads_token" ON "weather_column_uploads" USING btree ("token");--> statement-breakpoint
CREATE INDEX "weather_column_uploads_created" ON "weather_column_uploads" USING btree ("created_at");