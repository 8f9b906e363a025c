CREATE TABLE "delivery_issue_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"issue_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "delivery_issues_token_key";--> statement-breakpoint
ALTER TABLE "delivery_issue_links" ADD CONSTRAINT "delivery_issue_links_issue_id_delivery_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."delivery_issues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "delivery_issue_links_issue_idx" ON "delivery_issue_links" USING btree ("issue_id");--> statement-breakpoint
-- Links already sent keep working: their hashes move to the new table.
INSERT INTO "delivery_issue_links" ("token_hash", "issue_id", "created_at") SELECT "token_hash", "id", "created_at" FROM "delivery_issues";--> statement-breakpoint
-- No plaintext link token stays in a job's payload: the message now mints its own when it runs.
UPDATE "jobs" SET "payload" = "payload" - 'deliveryIssue' WHERE "payload" ? 'deliveryIssue';--> statement-breakpoint
ALTER TABLE "delivery_issues" DROP COLUMN "token_hash";