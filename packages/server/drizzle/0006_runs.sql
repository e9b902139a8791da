CREATE TABLE "prediction_result_series" (
	"run_id" integer NOT NULL,
	"node" text NOT NULL,
	"ordinal" integer NOT NULL,
	"name" text NOT NULL,
	"values" "bytea" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prediction_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"project_id" integer NOT NULL,
	"prediction_id" integer NOT NULL,
	"user_id" uuid,
	"job_id" text,
	"status" integer DEFAULT 1 NOT NULL,
	"percent_complete" double precision DEFAULT 0 NOT NULL,
	"processing_step" integer DEFAULT 1 NOT NULL,
	"message" text,
	"case" json NOT NULL,
	"weather_id" integer NOT NULL,
	"export_options" json NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"worker" text,
	"summary" json,
	"details" json,
	"engine_ms" double precision,
	"dismissed" boolean DEFAULT false NOT NULL,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"heartbeat_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "prediction_result_series" ADD CONSTRAINT "prediction_result_series_run_id_prediction_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."prediction_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prediction_runs" ADD CONSTRAINT "prediction_runs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prediction_runs" ADD CONSTRAINT "prediction_runs_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prediction_runs" ADD CONSTRAINT "prediction_runs_prediction_id_predictions_id_fk" FOREIGN KEY ("prediction_id") REFERENCES "public"."predictions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prediction_runs" ADD CONSTRAINT "prediction_runs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "prediction_result_series_pk" ON "prediction_result_series" USING btree ("run_id","node","name");--> statement-breakpoint
CREATE INDEX "prediction_runs_prediction" ON "prediction_runs" USING btree ("prediction_id","id");--> statement-breakpoint
CREATE INDEX "prediction_runs_user" ON "prediction_runs" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "prediction_runs_company" ON "prediction_runs" USING btree ("company_id","status");