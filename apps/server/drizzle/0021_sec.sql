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
ALTER TABLE "checkouts" ADD COLUMN "idempotency_fingerprint" text;