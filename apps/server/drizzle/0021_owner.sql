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
