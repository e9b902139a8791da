CREATE TABLE "prediction_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"run_id" integer NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'Queued' NOT NULL,
	"message" text,
	"content_type" text,
	"file_name" text,
	"bytes" "bytea",
	"attempts" integer DEFAULT 0 NOT NULL,
	"build_ms" double precision,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "prediction_reports" ADD CONSTRAINT "prediction_reports_run_id_prediction_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."prediction_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "prediction_reports_run_kind" ON "prediction_reports" USING btree ("run_id","kind");