CREATE TABLE "delivery_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"warehouse_pincode" text NOT NULL,
	"cutoff_minutes" integer NOT NULL,
	"holidays" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"zones" jsonb NOT NULL,
	"metro_prefixes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"special_states" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"special_prefixes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"blocked" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "delivery_settings_single_row" CHECK ("delivery_settings"."id" = 1),
	CONSTRAINT "delivery_settings_cutoff" CHECK ("delivery_settings"."cutoff_minutes" between 0 and 1439)
);
--> statement-breakpoint
CREATE TABLE "pincode_directory_loads" (
	"checksum" text PRIMARY KEY NOT NULL,
	"rows" integer NOT NULL,
	"loaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pincodes" (
	"pincode" text PRIMARY KEY NOT NULL,
	"city" text NOT NULL,
	"district" text NOT NULL,
	"state" text NOT NULL
);
