CREATE TABLE "company_sso" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"issuer" text DEFAULT '' NOT NULL,
	"client_id" text DEFAULT '' NOT NULL,
	"client_secret" text,
	"allow_auto_create" boolean DEFAULT false NOT NULL,
	"password_sign_in_disabled" boolean DEFAULT false NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_sso_domains" (
	"domain" text PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sso_logins" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"state_hash" text NOT NULL,
	"company_id" uuid NOT NULL,
	"code_verifier" text NOT NULL,
	"nonce" text NOT NULL,
	"return_path" text DEFAULT '/' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "company_sso" ADD CONSTRAINT "company_sso_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_sso_domains" ADD CONSTRAINT "company_sso_domains_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_logins" ADD CONSTRAINT "sso_logins_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "company_sso_domains_company" ON "company_sso_domains" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sso_logins_state_hash" ON "sso_logins" USING btree ("state_hash");--> statement-breakpoint
CREATE INDEX "sso_logins_expires" ON "sso_logins" USING btree ("expires_at");