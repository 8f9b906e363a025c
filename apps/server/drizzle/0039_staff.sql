CREATE TABLE "staff_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"support_refund_limit_paise" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "actor_name" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "actor_role" text;--> statement-breakpoint
UPDATE "users" SET "role" = 'OWNER' WHERE "role" = 'admin';
--> statement-breakpoint
UPDATE "audit_log" SET "actor_role" = 'OWNER', "actor_name" = (SELECT nullif(trim(u."first_name" || ' ' || u."last_name"), '') FROM "users" u WHERE u."id" = "audit_log"."actor_user_id") WHERE "actor_user_id" IS NOT NULL;
