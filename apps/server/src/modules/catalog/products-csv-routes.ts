// The products CSV in the back office (issue 41): the export, and the import with its dry run
// (the default) that reports every row's errors before anything is written. Admin only.
import { PRODUCT_CSV_MAX_BYTES, ProductImportQuery, ProductImportReport } from '@spice/shared/contracts/bulk';
import { ErrorBody } from '@spice/shared/contracts/common';
import * as z from '@spice/shared/contracts/zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { neverCache } from '../../lib/cache-headers.ts';
import { requireAdmin } from '../../plugins/auth.ts';

const tags = ['admin'];
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 413: ErrorBody, 415: ErrorBody };

export const productsCsvRoutes: FastifyPluginAsyncZod = async (app) => {
  const { accounts, productsCsv } = app.services;
  neverCache(app);
  // The file is the body as it is, read as text: a spreadsheet's "Save as CSV".
  app.addContentTypeParser(
    ['text/csv', 'text/plain'],
    { parseAs: 'string', bodyLimit: PRODUCT_CSV_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );

  app.get(
    '/admin/products.csv',
    {
      schema: {
        tags,
        summary:
          'Every variant as a CSV row: SKU, names in English and Hindi, weight, price and MRP in rupees, stock, HSN, GST rate',
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      await requireAdmin(request, accounts);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="products.csv"')
        .send(await productsCsv.exportCsv());
    },
  );

  app.post(
    '/admin/products/import',
    {
      schema: {
        tags,
        summary: 'Import the products CSV (text/csv body): a dry run by default, dryRun=false to apply',
        description:
          'Rows are variants found by SKU; any subset of the export’s columns beside SKU. Every row is checked first; nothing is written unless dryRun=false and no row has an error (applied says whether it was). Prices in rupees (249.00), stored in paise; stock through the stock adjustment service.',
        querystring: ProductImportQuery,
        body: z.string().max(PRODUCT_CSV_MAX_BYTES),
        consumes: ['text/csv'],
        response: { 200: ProductImportReport, ...errors },
      },
    },
    async (request) =>
      productsCsv.importCsv(await requireAdmin(request, accounts), request.body, request.query.dryRun),
  );
};
