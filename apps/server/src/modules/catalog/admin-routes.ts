// The back office's products API under /api/admin/products: list, one product, create, whole-
// product edits against the loaded version, activation, the slug check for the form, and the
// product's images (multipart upload, order, alt text, delete). Admin only (401/403) on every route.
import { ErrorBody, IdParam } from '@spice/shared/contracts/common';
import { DeclarationDefaultsDto, DeclarationDefaultsEdit } from '@spice/shared/contracts/declarations';
import {
  AdminProduct,
  AdminProductRow,
  AdminProductsQuery,
  ImageAlt,
  ImageOrder,
  ImageParams,
  ProductActiveChange,
  ProductCreate,
  ProductUpdate,
  SlugCheck,
  SlugCheckQuery,
} from '@spice/shared/contracts/products-admin';
import * as z from '@spice/shared/contracts/zod';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { neverCache } from '../../lib/cache-headers.ts';
import { requireAdmin } from '../../plugins/auth.ts';
import { AppError } from '../../plugins/errors.ts';
import { readImageUpload, registerUploads } from '../media/uploads.ts';

const tags = ['admin'];
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

export const adminProductRoutes: FastifyPluginAsyncZod = async (app) => {
  const { accounts, productEditing, declarationDefaults } = app.services;
  const maxMb = app.config.MEDIA_MAX_UPLOAD_MB;
  neverCache(app);
  await registerUploads(app, maxMb);
  // Writes check the role before their body is read or validated.
  const adminFirst = {
    onRequest: async (request: FastifyRequest) => {
      await requireAdmin(request, accounts);
    },
  };

  app.get(
    '/admin/products',
    {
      schema: {
        tags,
        summary: 'Every product (active and inactive) with thumbnail, price range and stock; search by name',
        querystring: AdminProductsQuery,
        response: { 200: z.array(AdminProductRow), ...errors },
      },
    },
    async (request) => {
      await requireAdmin(request, accounts);
      return productEditing.list(request.query);
    },
  );

  app.get(
    '/admin/products/slug-check',
    {
      schema: {
        tags,
        summary:
          'Whether a slug is free (the product’s own counts as free) and a free one made from the name',
        querystring: SlugCheckQuery,
        response: { 200: SlugCheck, ...errors },
      },
    },
    async (request) => {
      await requireAdmin(request, accounts);
      return productEditing.checkSlug(request.query);
    },
  );

  app.get(
    '/admin/products/:id',
    {
      schema: {
        tags,
        summary: 'One product with its variants (and whether each may be removed) and images',
        params: IdParam,
        response: { 200: AdminProduct, ...errors },
      },
    },
    async (request) => {
      await requireAdmin(request, accounts);
      return productEditing.get(request.params.id);
    },
  );

  app.post(
    '/admin/products',
    {
      ...adminFirst,
      schema: {
        tags,
        summary: 'Create a product with its variants (prices in rupees, up to two decimals)',
        description:
          'An empty slug is made from the name. 409 with a field error when the slug or a SKU is taken.',
        body: ProductCreate,
        response: { 201: AdminProduct, ...errors },
      },
    },
    async (request, reply) => {
      const admin = await requireAdmin(request, accounts);
      return reply.status(201).send(await productEditing.create(admin, request.body));
    },
  );

  app.put(
    '/admin/products/:id',
    {
      ...adminFirst,
      schema: {
        tags,
        summary: 'Save the whole product: fields, about lines and every variant, in one transaction',
        description:
          'version is the one the form loaded (409 when changed meanwhile). Variants with an id are updated, without one added, missing ones removed (409 when orders refer to them). With loadedStock the stock change is applied as a difference.',
        params: IdParam,
        body: ProductUpdate,
        response: { 200: AdminProduct, ...errors },
      },
    },
    async (request) => {
      const admin = await requireAdmin(request, accounts);
      return productEditing.update(admin, request.params.id, request.body);
    },
  );

  app.put(
    '/admin/products/:id/active',
    {
      ...adminFirst,
      schema: {
        tags,
        summary: 'Activate or deactivate a product (version as loaded)',
        params: IdParam,
        body: ProductActiveChange,
        response: { 200: AdminProduct, ...errors },
      },
    },
    async (request) => {
      const admin = await requireAdmin(request, accounts);
      return productEditing.setActive(admin, request.params.id, request.body);
    },
  );

  app.get(
    '/admin/declaration-defaults',
    {
      schema: {
        tags,
        summary:
          "The shop's default declarations: maker, packer, marketer, country of origin, consumer care, FSSAI licence",
        response: { 200: DeclarationDefaultsDto, ...errors },
      },
    },
    async (request) => {
      await requireAdmin(request, accounts);
      return declarationDefaults.get();
    },
  );

  app.put(
    '/admin/declaration-defaults',
    {
      ...adminFirst,
      schema: {
        tags,
        summary: 'Save the default declarations (version as loaded; 0 before the first save)',
        description: "A product leaving these empty shows the shop's. The FSSAI licence is 14 digits.",
        body: DeclarationDefaultsEdit,
        response: { 200: DeclarationDefaultsDto, ...errors },
      },
    },
    async (request) => {
      const admin = await requireAdmin(request, accounts);
      return declarationDefaults.update(admin, request.body);
    },
  );

  app.post(
    '/admin/products/:id/images',
    {
      ...adminFirst,
      schema: {
        tags,
        summary:
          'Upload a product image (multipart: `file`, optional `alt`); stored as WebP at 400/800/1200 px',
        consumes: ['multipart/form-data'],
        params: IdParam,
        response: { 201: AdminProduct, ...errors, 413: ErrorBody },
      },
    },
    async (request, reply) => {
      const admin = await requireAdmin(request, accounts);
      const upload = await readImageUpload(request, maxMb);
      const alt = ImageAlt.safeParse({ alt: upload.fields.alt ?? '' });
      if (!alt.success) {
        const message = alt.error.issues[0]!.message;
        throw new AppError('invalid', message, { alt: message });
      }
      const product = await productEditing.addImage(admin, request.params.id, upload.bytes, alt.data.alt);
      return reply.status(201).send(product);
    },
  );

  app.put(
    '/admin/products/:id/images/order',
    {
      ...adminFirst,
      schema: {
        tags,
        summary: 'Put the product’s images in this order (every image id once; 409 when they changed)',
        params: IdParam,
        body: ImageOrder,
        response: { 200: AdminProduct, ...errors },
      },
    },
    async (request) => {
      const admin = await requireAdmin(request, accounts);
      return productEditing.reorderImages(admin, request.params.id, request.body.ids);
    },
  );

  app.put(
    '/admin/products/:id/images/:imageId',
    {
      ...adminFirst,
      schema: {
        tags,
        summary: 'Change an image’s alt text',
        params: ImageParams,
        body: ImageAlt,
        response: { 200: AdminProduct, ...errors },
      },
    },
    async (request) => {
      const admin = await requireAdmin(request, accounts);
      return productEditing.updateImageAlt(
        admin,
        request.params.id,
        request.params.imageId,
        request.body.alt,
        request.body.altHi,
      );
    },
  );

  app.delete(
    '/admin/products/:id/images/:imageId',
    {
      ...adminFirst,
      schema: {
        tags,
        summary: 'Remove an image from the product',
        params: ImageParams,
        response: { 200: AdminProduct, ...errors },
      },
    },
    async (request) => {
      const admin = await requireAdmin(request, accounts);
      return productEditing.deleteImage(admin, request.params.id, request.params.imageId);
    },
  );
};
