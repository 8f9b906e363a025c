CREATE TABLE "contact_replies" (
	"id" serial PRIMARY KEY NOT NULL,
	"message_id" integer NOT NULL,
	"body" text NOT NULL,
	"language" text NOT NULL,
	"sent_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"emailed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "label_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"format" text DEFAULT 'A5' NOT NULL,
	"sender_name" text DEFAULT '' NOT NULL,
	"sender_address" text DEFAULT '' NOT NULL,
	"sender_phone" text DEFAULT '' NOT NULL,
	"return_address" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "label_settings_single_row" CHECK ("label_settings"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "contact_replies" ADD CONSTRAINT "contact_replies_message_id_contact_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."contact_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_replies" ADD CONSTRAINT "contact_replies_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_replies_message_idx" ON "contact_replies" USING btree ("message_id","created_at");