ALTER TABLE "companies" ADD COLUMN "get_started_hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "widget_shown_at" timestamp with time zone;