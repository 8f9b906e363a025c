CREATE TABLE "order_status_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"status" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_status_history" ADD CONSTRAINT "order_status_history_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_status_history_order_idx" ON "order_status_history" USING btree ("order_id","at");--> statement-breakpoint
-- Backfill: every existing order was placed at its creation time; an order already moved on
-- reached its current status at its last update (the only status change time we kept).
INSERT INTO "order_status_history" ("order_id", "status", "at") SELECT "id", 'PLACED', "created_at" FROM "orders";--> statement-breakpoint
INSERT INTO "order_status_history" ("order_id", "status", "at") SELECT "id", "status", "updated_at" FROM "orders" WHERE "status" <> 'PLACED';
