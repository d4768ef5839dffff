-- Certavis's operators (ARCHITECTURE §10.19): staff outside any company, who moderate the companies
-- moderated by Certavis. An operator is a user (signs in like anyone) with this row; the command
-- `pnpm --filter @certavis/api operator add|remove|list` writes it. Their second factor (TOTP, RFC 6238)
-- is required: the secret is sealed with the server's key ring, confirmed by a first code, and the
-- last step used is kept so a code is never accepted twice.
CREATE TABLE "operators" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	"totp_secret_sealed" text,
	"totp_confirmed_at" timestamp with time zone,
	"totp_last_step" bigint
);
--> statement-breakpoint
ALTER TABLE "operators" ADD CONSTRAINT "operators_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
