DROP INDEX "credit_notes_invoice_key";--> statement-breakpoint
ALTER TABLE "credit_notes" ADD COLUMN "refund_id" text;--> statement-breakpoint
CREATE INDEX "credit_notes_invoice_idx" ON "credit_notes" USING btree ("invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_notes_refund_key" ON "credit_notes" USING btree ("refund_id");