CREATE TABLE "analytics_funnel_days" (
	"day" date PRIMARY KEY NOT NULL,
	"sessions" integer NOT NULL,
	"product_views" integer NOT NULL,
	"add_to_cart" integer NOT NULL,
	"checkout_started" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_product_views" (
	"day" date NOT NULL,
	"product_id" integer NOT NULL,
	"views" integer NOT NULL,
	CONSTRAINT "analytics_product_views_day_product_id_pk" PRIMARY KEY("day","product_id")
);
--> statement-breakpoint
CREATE TABLE "analytics_salts" (
	"day" date PRIMARY KEY NOT NULL,
	"salt" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_searches" (
	"day" date NOT NULL,
	"term" text NOT NULL,
	"searches" integer NOT NULL,
	"zero_results" integer NOT NULL,
	CONSTRAINT "analytics_searches_day_term_pk" PRIMARY KEY("day","term"),
	CONSTRAINT "analytics_searches_zero_le" CHECK ("analytics_searches"."zero_results" <= "analytics_searches"."searches")
);
--> statement-breakpoint
CREATE TABLE "analytics_visits" (
	"day" date NOT NULL,
	"visitor" text NOT NULL,
	"steps" smallint NOT NULL,
	CONSTRAINT "analytics_visits_day_visitor_pk" PRIMARY KEY("day","visitor")
);
--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at");