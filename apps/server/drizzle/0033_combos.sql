CREATE TABLE "combo_components" (
	"combo_variant_id" integer NOT NULL,
	"part_variant_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "combo_components_combo_variant_id_part_variant_id_pk" PRIMARY KEY("combo_variant_id","part_variant_id"),
	CONSTRAINT "combo_components_quantity_positive" CHECK ("combo_components"."quantity" > 0),
	CONSTRAINT "combo_components_not_itself" CHECK ("combo_components"."combo_variant_id" <> "combo_components"."part_variant_id")
);
--> statement-breakpoint
ALTER TABLE "combo_components" ADD CONSTRAINT "combo_components_combo_variant_id_product_variants_id_fk" FOREIGN KEY ("combo_variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "combo_components" ADD CONSTRAINT "combo_components_part_variant_id_product_variants_id_fk" FOREIGN KEY ("part_variant_id") REFERENCES "public"."product_variants"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "combo_components_part_idx" ON "combo_components" USING btree ("part_variant_id");