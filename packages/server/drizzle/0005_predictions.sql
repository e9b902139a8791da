CREATE SEQUENCE "public"."plant_node_ids" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "plant_equipment" (
	"prediction_id" integer NOT NULL,
	"kind" text NOT NULL,
	"equipment_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "power_plants" (
	"prediction_id" integer PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"data" json NOT NULL,
	"dc_capacity_kw" double precision DEFAULT 0 NOT NULL,
	"ac_capacity_kw" double precision DEFAULT 0 NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "predictions" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"project_id" integer NOT NULL,
	"owner_id" uuid,
	"last_modified_by_id" uuid,
	"name" text NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"processing_status" integer DEFAULT 0 NOT NULL,
	"percent_complete" double precision DEFAULT 0 NOT NULL,
	"processing_message" text,
	"weather_id" integer,
	"last_published_date_to_queue" timestamp with time zone,
	"run_completed_date" timestamp with time zone,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "plant_equipment" ADD CONSTRAINT "plant_equipment_prediction_id_predictions_id_fk" FOREIGN KEY ("prediction_id") REFERENCES "public"."predictions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "power_plants" ADD CONSTRAINT "power_plants_prediction_id_predictions_id_fk" FOREIGN KEY ("prediction_id") REFERENCES "public"."predictions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "power_plants" ADD CONSTRAINT "power_plants_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "predictions" ADD CONSTRAINT "predictions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "predictions" ADD CONSTRAINT "predictions_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "predictions" ADD CONSTRAINT "predictions_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "predictions" ADD CONSTRAINT "predictions_last_modified_by_id_users_id_fk" FOREIGN KEY ("last_modified_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "predictions" ADD CONSTRAINT "predictions_weather_id_weathers_id_fk" FOREIGN KEY ("weather_id") REFERENCES "public"."weathers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "plant_equipment_pk" ON "plant_equipment" USING btree ("prediction_id","kind","equipment_id");--> statement-breakpoint
CREATE INDEX "plant_equipment_item" ON "plant_equipment" USING btree ("kind","equipment_id");--> statement-breakpoint
CREATE INDEX "predictions_project" ON "predictions" USING btree ("company_id","project_id");--> statement-breakpoint
CREATE INDEX "predictions_weather" ON "predictions" USING btree ("weather_id");