CREATE TABLE "promotion_code_redemptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"promotion_code_id" integer NOT NULL,
	"company_id" uuid NOT NULL,
	"user_id" uuid,
	"redeemed_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promotion_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"subscription_type" integer NOT NULL,
	"duration_days" integer NOT NULL,
	"max_redemptions" integer NOT NULL,
	"redemption_count" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone,
	"created_by_id" uuid,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "promotion_code_redemptions" ADD CONSTRAINT "promotion_code_redemptions_promotion_code_id_promotion_codes_id_fk" FOREIGN KEY ("promotion_code_id") REFERENCES "public"."promotion_codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_code_redemptions" ADD CONSTRAINT "promotion_code_redemptions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_code_redemptions" ADD CONSTRAINT "promotion_code_redemptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_codes" ADD CONSTRAINT "promotion_codes_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "promotion_code_redemptions_code_company" ON "promotion_code_redemptions" USING btree ("promotion_code_id","company_id");--> statement-breakpoint
CREATE INDEX "promotion_code_redemptions_company" ON "promotion_code_redemptions" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "promotion_codes_code" ON "promotion_codes" USING btree ("code");