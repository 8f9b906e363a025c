CREATE TABLE "otp_devices" (
	"device_hash" text NOT NULL,
	"target" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_login_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "otp_devices_device_hash_target_pk" PRIMARY KEY("device_hash","target")
);
--> statement-breakpoint
ALTER TABLE "otp_challenges" ADD COLUMN "device_hash" text;--> statement-breakpoint
ALTER TABLE "otp_sends" ADD COLUMN "device_hash" text;--> statement-breakpoint
ALTER TABLE "otp_sends" ADD COLUMN "known_device" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "idempotency_fingerprint" text;--> statement-breakpoint
-- AWBs are stored trimmed and upper case (issue 30). Stored ones follow where that clashes with
-- no other shipment's AWB; a clash (one parcel on two orders, typed in two cases) is left for the
-- owner to see rather than guessed at.
UPDATE "shipments" AS s SET "awb" = upper(btrim(s."awb"))
WHERE s."awb" <> upper(btrim(s."awb"))
  AND NOT EXISTS (
    SELECT 1 FROM "shipments" AS o
    WHERE o."id" <> s."id" AND upper(btrim(o."awb")) = upper(btrim(s."awb"))
  );--> statement-breakpoint
UPDATE "orders" AS o SET "tracking_id" = s."awb"
FROM "shipments" AS s
WHERE s."order_id" = o."id" AND o."tracking_id" <> s."awb" AND upper(btrim(o."tracking_id")) = s."awb";
