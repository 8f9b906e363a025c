// Content the owner manages: banners, site settings and footer, marketplace links, about
// sections and the four policy texts.
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

export const banners = pgTable('banners', {
  id: serial('id').primaryKey(),
  imageUrl: text('image_url').notNull(),
  /** The image Hindi pages show instead (a banner whose picture has words in it); null: the English one. */
  imageUrlHi: text('image_url_hi'),
  alt: text('alt').notNull().default(''),
  altHi: text('alt_hi').notNull().default(''),
  linkUrl: text('link_url'),
  visible: boolean('visible').notNull().default(true),
  startTime: timestamp('start_time', { withTimezone: true }),
  endTime: timestamp('end_time', { withTimezone: true }),
  position: integer('position').notNull().default(0),
  version: integer('version').notNull().default(1),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A single row (id = 1) of store-wide settings and footer fields. */
export const siteSettings = pgTable(
  'site_settings',
  {
    id: integer('id').primaryKey().default(1),
    storeName: text('store_name').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    storeNameHi: text('store_name_hi').notNull().default(''),
    titleHi: text('title_hi').notNull().default(''),
    descriptionHi: text('description_hi').notNull().default(''),
    logoUrl: text('logo_url'),
    facebookUrl: text('facebook_url'),
    instagramUrl: text('instagram_url'),
    phoneNumber: text('phone_number'),
    email: text('email'),
    footerLinks: jsonb('footer_links')
      .$type<{ label: string; labelHi?: string; url: string }[]>()
      .notNull()
      .default([]),
    version: integer('version').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('site_settings_single_row', sql`${t.id} = 1`)],
);

export const marketplaceLinks = pgTable('marketplace_links', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  url: text('url').notNull(),
  logoUrl: text('logo_url').notNull(),
  position: integer('position').notNull().default(0),
  version: integer('version').notNull().default(1),
});

export const contentSections = pgTable(
  'content_sections',
  {
    id: serial('id').primaryKey(),
    key: text('key').notNull(),
    title: text('title').notNull(),
    type: text('type'),
    body: text('body').notNull(),
    titleHi: text('title_hi').notNull().default(''),
    typeHi: text('type_hi').notNull().default(''),
    bodyHi: text('body_hi').notNull().default(''),
    imageUrls: text('image_urls').notNull().default(''),
    orderIndex: integer('order_index').notNull().default(0),
    version: integer('version').notNull().default(1),
  },
  (t) => [index('content_sections_key_idx').on(t.key, t.orderIndex)],
);

export const policies = pgTable(
  'policies',
  {
    kind: text('kind').primaryKey(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    titleHi: text('title_hi').notNull().default(''),
    bodyHi: text('body_hi').notNull().default(''),
    version: integer('version').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('policies_kind', sql`${t.kind} in ('privacy', 'terms', 'return', 'shipping')`)],
);
