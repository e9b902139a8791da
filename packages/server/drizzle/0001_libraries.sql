CREATE TABLE "inverters" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" uuid,
	"owner_id" uuid,
	"last_modified_by_id" uuid,
	"status" integer DEFAULT 1 NOT NULL,
	"name" text NOT NULL,
	"manufacturer" text,
	"model" text,
	"source" text,
	"note" text,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified" timestamp with time zone DEFAULT now() NOT NULL,
	"power_rating" double precision,
	"max_absolute_voltage" double precision
);
--> statement-breakpoint
CREATE TABLE "modules" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" uuid,
	"owner_id" uuid,
	"last_modified_by_id" uuid,
	"status" integer DEFAULT 1 NOT NULL,
	"name" text NOT NULL,
	"manufacturer" text,
	"model" text,
	"source" text,
	"note" text,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified" timestamp with time zone DEFAULT now() NOT NULL,
	"cell_technology_type" integer,
	"faciality" integer DEFAULT 0 NOT NULL,
	"stc_max_power" double precision
);
--> statement-breakpoint
CREATE TABLE "weather_columns" (
	"weather_id" integer NOT NULL,
	"name" text NOT NULL,
	"dtype" text NOT NULL,
	"values" "bytea" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "weathers" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" uuid,
	"owner_id" uuid,
	"last_modified_by_id" uuid,
	"status" integer DEFAULT 1 NOT NULL,
	"name" text NOT NULL,
	"manufacturer" text,
	"model" text,
	"source" text,
	"note" text,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified" timestamp with time zone DEFAULT now() NOT NULL,
	"data_provider" integer,
	"latitude" double precision,
	"longitude" double precision,
	"elevation" double precision,
	"time_zone" double precision,
	"start_date" timestamp with time zone,
	"end_date" timestamp with time zone,
	"time_interval" integer,
	"row_count" integer DEFAULT 0 NOT NULL,
	"state" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "inverters" ADD CONSTRAINT "inverters_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inverters" ADD CONSTRAINT "inverters_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inverters" ADD CONSTRAINT "inverters_last_modified_by_id_users_id_fk" FOREIGN KEY ("last_modified_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "modules" ADD CONSTRAINT "modules_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "modules" ADD CONSTRAINT "modules_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "modules" ADD CONSTRAINT "modules_last_modified_by_id_users_id_fk" FOREIGN KEY ("last_modified_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weather_columns" ADD CONSTRAINT "weather_columns_weather_id_weathers_id_fk" FOREIGN KEY ("weather_id") REFERENCES "public"."weathers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weathers" ADD CONSTRAINT "weathers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weathers" ADD CONSTRAINT "weathers_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weathers" ADD CONSTRAINT "weathers_last_modified_by_id_users_id_fk" FOREIGN KEY ("last_modified_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inverters_company_status" ON "inverters" USING btree ("company_id","status");--> statement-breakpoint
CREATE INDEX "inverters_power" ON "inverters" USING btree ("power_rating");--> statement-breakpoint
CREATE INDEX "modules_company_status" ON "modules" USING btree ("company_id","status");--> statement-breakpoint
CREATE INDEX "modules_power" ON "modules" USING btree ("stc_max_power");--> statement-breakpoint
CREATE INDEX "modules_search" ON "modules" USING btree (lower(coalesce("manufacturer", '') || ' ' || coalesce("model", '') || ' ' || "name"));--> statement-breakpoint
CREATE UNIQUE INDEX "weather_columns_pk" ON "weather_columns" USING btree ("weather_id","name");--> statement-breakpoint
CREATE INDEX "weathers_company_status" ON "weathers" USING btree ("company_id","status");--> statement-breakpoint
CREATE INDEX "weathers_location" ON "weathers" USING btree ("latitude","longitude");